import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The server's refusals (its English wording, spec 2 section 5) as the user's language says them. */
const REASONS: Record<string, string> = {
  'This field is required.': 'required',
  'Please enter a valid email address.': 'email',
  'Please enter a valid telephone number.': 'phone',
  'Please select a valid contact method.': 'method',
  'Please select a valid time zone.': 'timeZone',
  'Please enter a valid time (HH:MM).': 'time',
  'The end must be after the start.': 'order',
  'These hours overlap other hours of the same day.': 'overlap',
  'Please enter a valid date (YYYY-MM-DD).': 'date',
  'This date is already listed.': 'duplicate',
};

export function useReasonText() {
  const { t } = useTranslation('escalations');
  return useCallback(
    (reason: string) => {
      const key = REASONS[reason];
      return key ? t(`reasons.${key}` as never) : reason;
    },
    [t],
  );
}
