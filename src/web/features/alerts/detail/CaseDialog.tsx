import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { assignCaseAlerts, createCase, listCases } from '../../cases/api.ts';
import type { Alert, CaseSummary } from '../types.ts';

export interface CaseDialogProps {
  alert: Alert;
  onDone(message: string): void;
  onFailed(error: unknown): void;
  onClose(): void;
}

/** Puts the alert in an existing case of its customer, or in a new case made for it. */
export function CaseDialog({ alert, onDone, onFailed, onClose }: CaseDialogProps) {
  const { t } = useTranslation('alerts');
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [cases, setCases] = useState<CaseSummary[] | null>(null);
  const [caseId, setCaseId] = useState('');
  const [title, setTitle] = useState(alert.title.slice(0, 200));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // The customer's 100 most recently updated cases.
    listCases({ customerIds: [alert.customer_id] }, { batchSize: 100 })
      .then(({ cases: found }) => {
        if (!live) return;
        const others = found.filter((c) => c.id !== alert.case_id);
        setCases(others);
        setCaseId(others[0] ? String(others[0].id) : '');
        if (others.length === 0) setMode('new');
      })
      .catch(() => live && setCases([]));
    return () => {
      live = false;
    };
  }, [alert.customer_id, alert.case_id]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (mode === 'existing') {
        await assignCaseAlerts(Number(caseId), [alert.id]);
        onDone(t('case.assigned', { id: caseId }));
      } else {
        const created = await createCase({
          customer_id: alert.customer_id,
          title: title.trim(),
          description: '',
          alert_ids: [alert.id],
        });
        onDone(t('case.created', { id: created.id }));
      }
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={t('case.title')}
      onClose={onClose}
      footer={
        <FormFooter
          form="alert-case-form"
          submitLabel={mode === 'existing' ? t('case.assign') : t('case.create')}
          disabled={busy || (mode === 'existing' ? !caseId : !title.trim())}
          onCancel={onClose}
        />
      }
    >
      {cases === null ? (
        <Spinner />
      ) : (
        <form id="alert-case-form" className="form" onSubmit={onSubmit}>
          <fieldset className="segmented">
            <legend className="sr-only">{t('case.title')}</legend>
            <label className={`segmented__option${mode === 'existing' ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name="case-mode"
                checked={mode === 'existing'}
                disabled={cases.length === 0}
                onChange={() => setMode('existing')}
              />
              {t('case.existing')}
            </label>
            <label className={`segmented__option${mode === 'new' ? ' is-checked' : ''}`}>
              <input type="radio" name="case-mode" checked={mode === 'new'} onChange={() => setMode('new')} />
              {t('case.new')}
            </label>
          </fieldset>
          {mode === 'existing' ? (
            <label className="field">
              <span className="field__label">{t('case.pick')}</span>
              <select
                id="alert-case-pick"
                className="select"
                value={caseId}
                onChange={(e) => setCaseId(e.target.value)}
              >
                {cases.map((c) => (
                  <option key={c.id} value={c.id}>
                    #{c.id} {c.title}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="field">
              <span className="field__label">{t('case.newTitle')}</span>
              <input
                id="alert-case-title"
                className="input"
                value={title}
                maxLength={200}
                onChange={(e) => setTitle(e.target.value)}
              />
            </label>
          )}
          {cases.length === 0 && <p className="muted">{t('case.noneYet')}</p>}
        </form>
      )}
    </ModalDialog>
  );
}
