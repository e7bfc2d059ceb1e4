import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConditionErrors,
  type MuteDraftErrors,
  muteDraftErrors,
} from '../../../../machines/mute-lifecycle/draft.ts';
import type { MuteDraft } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { ruleOf } from '../../../api/validate.ts';
import { type FieldPath, useIssueMessage } from '../../components/form/index.ts';

type Messages = Partial<Record<FieldPath<MuteDraft>, string>>;

const MAX_DESCRIPTION = ruleOf('MuteCreate', 'description').maxLength;

/** Where a condition row's messages are kept: `conditions.<row key>.<field>`. */
export const conditionPath = (key: number, field: Exclude<keyof ConditionErrors, 'operator'>) =>
  `conditions.${key}.${field}` as const;

/**
 * The mute form's checks for the field kit: the mute lifecycle machine's own rules
 * (machines/mute-lifecycle/draft.ts, the contract's limits and the screen's), so the form refuses
 * exactly what the machine would, in the spec's words. `checkAsTyped` is the part shown before a
 * save is tried: a date already past or too far ahead, not one merely missing.
 */
export function useMuteChecks(isNew: boolean, now: number) {
  const { t } = useTranslation('mutes');
  const issue = useIssueMessage();

  const expiryMessage = useCallback(
    (error: MuteDraftErrors['expiry']) =>
      error === 'past'
        ? t('expiry.past')
        : error === 'tooFar'
          ? t('expiry.tooFar')
          : error
            ? t('expiry.required')
            : undefined,
    [t],
  );

  const check = useCallback(
    (draft: MuteDraft): Messages => {
      const errors = muteDraftErrors(draft, isNew, now);
      const messages: Messages = {
        customerId: errors.customer && t('form.customerRequired'),
        conditions: errors.conditions === 'tooMany' ? t('form.tooManyConditions') : undefined,
        description: errors.description && issue({ key: 'tooLong', count: MAX_DESCRIPTION }),
        customExpiry: expiryMessage(errors.expiry),
      };
      // The operator is picked from the valid ones, so only a row's field and value can be wrong.
      for (const [key, row] of Object.entries(errors.rows)) {
        if (row.field)
          messages[conditionPath(Number(key), 'field')] =
            row.field === 'required' ? t('form.fieldRequired') : t('form.fieldInvalid');
        if (row.value)
          messages[conditionPath(Number(key), 'value')] =
            row.value === 'required'
              ? t('form.valueRequired')
              : row.value === 'tooLong'
                ? t('form.valueTooLong')
                : t('form.regexInvalid');
      }
      return messages;
    },
    [isNew, now, t, issue, expiryMessage],
  );

  const checkAsTyped = useCallback(
    (draft: MuteDraft): Messages => {
      const { expiry } = muteDraftErrors(draft, isNew, now);
      return expiry === 'past' || expiry === 'tooFar' ? { customExpiry: expiryMessage(expiry) } : {};
    },
    [isNew, now, expiryMessage],
  );

  return { check, checkAsTyped };
}
