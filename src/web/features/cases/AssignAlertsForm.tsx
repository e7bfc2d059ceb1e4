import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, useForm } from '../../components/form/index.ts';
import { readAlertIds } from './alert-ids.ts';

export interface AssignAlertsFormProps {
  busy: boolean;
  /** Resolves true when the alerts were assigned (the field is then emptied). */
  onAssign(ids: number[]): Promise<boolean>;
}

interface Draft extends Record<string, unknown> {
  text: string;
}

/**
 * Assign alerts by id: a comma-separated list, checked before anything is sent by the contract's
 * assignCaseAlerts rules (at least one, at most its limit). The case's alert list announces how
 * the assignment went.
 */
export function AssignAlertsForm({ busy, onAssign }: AssignAlertsFormProps) {
  const { t } = useTranslation('cases');
  const uid = useId();
  const form = useForm<Draft>({
    initial: { text: '' },
    schema: 'assignCaseAlerts',
    toContract: (draft) => ({ alert_ids: readAlertIds(draft.text).ids }),
    fieldOf: { alert_ids: 'text' },
    // Which entry is not an id: the contract sees only the ids read.
    check: (draft) => {
      const { invalid } = readAlertIds(draft.text);
      return invalid === undefined ? {} : { text: t('assign.invalid', { value: invalid }) };
    },
    submit: async (draft) => {
      if (await onAssign(readAlertIds(draft.text).ids)) form.reset({ text: '' });
    },
  });
  const { values, set, errors } = form;

  return (
    <form className="assign-alerts" {...form.formProps}>
      <div className="assign-alerts__row">
        <TextField
          id={`${uid}-assign-alert-ids`}
          label={t('assign.label')}
          value={values.text}
          placeholder={t('assign.placeholder')}
          hint={t('assign.help')}
          error={errors.text}
          onChange={(text) => set({ text })}
        />
        <button type="submit" className="button" disabled={busy || form.busy}>
          {t('assign.submit')}
        </button>
      </div>
      {form.prompt}
    </form>
  );
}
