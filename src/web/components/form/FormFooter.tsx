import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormFooterProps {
  /** The id of the form the primary button submits (the footer sits outside the form). */
  form: string;
  submitLabel: string;
  disabled?: boolean;
  onCancel(): void;
  /** Buttons between Cancel and the submit button (a dry run, a check). */
  children?: ReactNode;
}

/** A dialog's footer for a form: Cancel, any extra buttons, and the form's primary submit button. */
export function FormFooter({ form, submitLabel, disabled = false, onCancel, children }: FormFooterProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        {t('cancel')}
      </button>
      {children}
      <button type="submit" form={form} className="button button--primary" disabled={disabled}>
        {submitLabel}
      </button>
    </>
  );
}
