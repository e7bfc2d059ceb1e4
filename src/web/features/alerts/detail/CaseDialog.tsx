import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleOf } from '../../../../api/validate.ts';
import { assignCaseAlerts, createCase, listCases } from '../../../api/cases.ts';
import {
  FormFooter,
  SegmentedChoice,
  SelectField,
  TextField,
  useForm,
} from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import type { Alert, CaseSummary } from '../types.ts';

export interface CaseDialogProps {
  alert: Alert;
  onDone(message: string): void;
  onFailed(error: unknown): void;
  onClose(): void;
}

/** The contract's limit on a case title. */
const TITLE_MAX = ruleOf('CaseCreate', 'title').maxLength ?? 200;

type Mode = 'existing' | 'new';
interface CaseChoice extends Record<string, unknown> {
  mode: Mode;
  caseId: string;
  title: string;
}

/** Puts the alert in an existing case of its customer, or in a new case made for it. */
export function CaseDialog({ alert, onDone, onFailed, onClose }: CaseDialogProps) {
  const { t } = useTranslation('alerts');
  const [cases, setCases] = useState<CaseSummary[] | null>(null);
  const form = useForm<CaseChoice>({
    initial: { mode: 'existing', caseId: '', title: alert.title.slice(0, 200) },
    submit: async (values) => {
      if (values.mode === 'existing') {
        await assignCaseAlerts(Number(values.caseId), [alert.id]);
        onDone(t('case.assigned', { id: values.caseId }));
      } else {
        const created = await createCase({
          customer_id: alert.customer_id,
          title: values.title.trim(),
          description: '',
          alert_ids: [alert.id],
        });
        onDone(t('case.created', { id: created.id }));
      }
    },
    onError: onFailed,
  });
  const { values, set, reset } = form;

  useEffect(() => {
    let live = true;
    // The customer's 100 most recently updated cases.
    listCases({ customerIds: [alert.customer_id] }, { batchSize: 100 })
      .then(({ cases: found }) => {
        if (!live) return;
        const others = found.filter((c) => c.id !== alert.case_id);
        setCases(others);
        reset({
          mode: others.length === 0 ? 'new' : 'existing',
          caseId: others[0] ? String(others[0].id) : '',
          title: alert.title.slice(0, 200),
        });
      })
      .catch(() => live && setCases([]));
    return () => {
      live = false;
    };
  }, [alert.customer_id, alert.case_id, alert.title, reset]);

  const ready = values.mode === 'existing' ? values.caseId !== '' : values.title.trim() !== '';
  return (
    <ModalDialog
      title={t('case.title')}
      onClose={() => form.requestClose(onClose)}
      footer={
        <FormFooter
          form="alert-case-form"
          submitLabel={values.mode === 'existing' ? t('case.assign') : t('case.create')}
          disabled={form.busy || !ready}
          onCancel={() => form.requestClose(onClose)}
        />
      }
    >
      {form.prompt}
      {cases === null ? (
        <Spinner />
      ) : (
        <form id="alert-case-form" className="form" {...form.formProps}>
          <SegmentedChoice<Mode>
            legend={t('case.title')}
            hiddenLegend
            value={values.mode}
            onChange={(mode) => set({ mode })}
            choices={[
              { value: 'existing', label: t('case.existing'), disabled: cases.length === 0 },
              { value: 'new', label: t('case.new') },
            ]}
          />
          {values.mode === 'existing' ? (
            <SelectField
              id="alert-case-pick"
              label={t('case.pick')}
              value={values.caseId}
              onChange={(caseId) => set({ caseId })}
              options={cases.map((c) => ({ value: String(c.id), label: `#${c.id} ${c.title}` }))}
            />
          ) : (
            <TextField
              id="alert-case-title"
              label={t('case.newTitle')}
              value={values.title}
              maxLength={TITLE_MAX}
              error={form.errors.title}
              required
              onChange={(title) => set({ title })}
            />
          )}
          {cases.length === 0 && <p className="muted">{t('case.noneYet')}</p>}
        </form>
      )}
    </ModalDialog>
  );
}
