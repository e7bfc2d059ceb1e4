import { useTranslation } from 'react-i18next';

/**
 * The one notice of a save that failed, shown above a form's buttons: a refusal that names no
 * field of the form, or a failure to send (`Form.failure`). Nothing while there is none.
 */
export function FormFailure({ failure }: { failure: string | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <p className="notice notice--danger form__failure" role="alert">
      {t('formNotSaved', { reason: failure })}
    </p>
  );
}
