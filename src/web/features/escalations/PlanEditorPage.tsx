import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { SelectField, TextField } from '../../components/form/index.ts';
import { LoadError } from '../../components/table/LoadError.tsx';
import { changedFrom, useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
import { useCan } from '../../session/use-can.ts';
import { useCustomerScope, useToasts } from '../../shell/index.ts';
import {
  createEscalationPlan,
  ESCALATIONS_AREA,
  type EscalationPlan,
  getEscalationPlan,
  updateEscalationPlan,
} from './api.ts';
import { CalendarEditor } from './CalendarEditor.tsx';
import './escalations.css';
import { draftOf, editorFieldOf, emptyDraft, inputOf, type PlanDraft } from './plan-draft.ts';
import { StepsEditor } from './StepsEditor.tsx';
import { TimelinePreview } from './TimelinePreview.tsx';
import { useReasonText } from './use-reason-text.ts';

/** /escalations/{uid}: one plan's editor (`new` makes one) with its seven-day timeline. */
export function PlanEditorPage({ params }: ScreenProps) {
  const uid = params.uid ?? 'new';
  const { t } = useTranslation('escalations');
  const loaded = asLoaded(useQuery({ ...getEscalationPlan(uid), enabled: uid !== 'new' }));
  if (uid === 'new') return <PlanForm key="new" plan={null} />;
  if (loaded.status === 'error')
    return (
      <main className="page escalation-editor">
        <LoadError
          error={loaded.error}
          message={t('errors.loadPlan')}
          retryLabel={t('retry')}
          onRetry={loaded.reload}
        />
      </main>
    );
  if (!loaded.data)
    return (
      <main className="page escalation-editor">
        <p className="muted">{t('loading')}</p>
      </main>
    );
  return <PlanForm key={loaded.data.plan_id} plan={loaded.data} />;
}

function PlanForm({ plan }: { plan: EscalationPlan | null }) {
  const { t } = useTranslation('escalations');
  const id = useId();
  const [, navigate] = useLocation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const { activeCustomers } = useCustomerScope();
  const can = useCan();
  const readOnly = !can(plan ? 'updateEscalationPlan' : 'createEscalationPlan');
  const reasonText = useReasonText();
  const [saved, setSaved] = useState(plan);
  const [baseline, setBaseline] = useState(() => (plan ? draftOf(plan) : emptyDraft()));
  const [draft, setDraft] = useState(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'failed'>('idle');
  const unsaved = useUnsavedChanges(!readOnly && status !== 'saving' && changedFrom(draft, baseline));
  const change = (part: Partial<PlanDraft>) => setDraft((d) => ({ ...d, ...part }));

  const showRefusal = useCallback(
    (error: ApiError) => {
      const found: Record<string, string> = {};
      for (const { field, reason } of error.fields) found[editorFieldOf(field)] ??= reasonText(reason);
      setErrors(found);
    },
    [reasonText],
  );

  // A refused save moves the focus to the first field the server named.
  useEffect(() => {
    if (status !== 'failed') return;
    document.querySelector<HTMLElement>('.escalation-editor [aria-invalid="true"]')?.focus();
  }, [status]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('saving');
    setErrors({});
    try {
      const body = inputOf(draft);
      const next = saved
        ? await updateEscalationPlan(saved.plan_id, { ...body, version: saved.version })
        : await createEscalationPlan(body);
      const nextDraft = draftOf(next);
      setSaved(next);
      setBaseline(nextDraft);
      setDraft(nextDraft);
      setStatus('idle');
      notify({
        severity: 'success',
        title: t('editor.savedTitle'),
        message: t('editor.saved', { name: next.name }),
      });
      void invalidate(ESCALATIONS_AREA);
      if (!saved) navigate(`/escalations/${next.plan_id}`, { replace: true });
    } catch (error) {
      setStatus('failed');
      if (error instanceof ApiError && error.fields.length > 0) showRefusal(error);
      else if (error instanceof ApiError && error.status === 409)
        notify({ severity: 'danger', title: t('errors.save'), message: t('errors.stale') });
      else notify({ severity: 'danger', title: t('errors.save'), message: t('tryAgainLater') });
    }
  };

  return (
    <main className="page escalation-editor" aria-labelledby={`${id}-title`}>
      <header className="page-header">
        <p>
          <Link href="/escalations">{t('editor.back')}</Link>
        </p>
        <h1 id={`${id}-title`}>{saved ? saved.name : t('editor.newTitle')}</h1>
      </header>
      <form onSubmit={submit} noValidate>
        <section className="card escalation-general">
          <div className="escalation-row">
            <TextField
              id={`${id}-name`}
              label={t('editor.name')}
              value={draft.name}
              required
              readOnly={readOnly}
              error={errors.name}
              onChange={(name) => change({ name })}
            />
            <SelectField
              id={`${id}-customer`}
              label={t('editor.customer')}
              value={draft.customerId}
              disabled={readOnly}
              emptyLabel={t('allCustomers')}
              options={activeCustomers.map((c) => ({ value: c.customer_id, label: c.name }))}
              error={errors.customer_id}
              onChange={(customerId) => change({ customerId })}
            />
            <TextField
              id={`${id}-zone`}
              label={t('editor.timeZone')}
              hint={t('editor.timeZoneHint')}
              value={draft.timeZone}
              required
              readOnly={readOnly}
              error={errors.time_zone}
              onChange={(timeZone) => change({ timeZone })}
            />
            <TextField
              id={`${id}-location`}
              label={t('editor.location')}
              value={draft.location}
              readOnly={readOnly}
              onChange={(location) => change({ location })}
            />
          </div>
        </section>
        <StepsEditor
          id={id}
          steps={draft.steps}
          errors={errors}
          readOnly={readOnly}
          onChange={(steps) => change({ steps })}
        />
        <CalendarEditor id={id} draft={draft} errors={errors} readOnly={readOnly} onChange={change} />
        {!readOnly && (
          <div className="escalation-actions">
            <button type="submit" className="button button--primary" disabled={status === 'saving'}>
              {t('editor.save')}
            </button>
          </div>
        )}
        {status === 'failed' && Object.keys(errors).length > 0 && (
          <p role="alert" className="field__error">
            {t('editor.fix')}
          </p>
        )}
      </form>
      <TimelinePreview id={id} draft={draft} showAtOnce={saved !== null} onRefused={showRefusal} />
      {unsaved.prompt}
    </main>
  );
}
