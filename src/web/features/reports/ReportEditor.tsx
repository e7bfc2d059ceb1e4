import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/errors.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { useForm } from '../../components/form/index.ts';
import { useIsActivePage, useSelectedCustomers, useShellData, useToasts } from '../../shell/index.ts';
import { REPORTS_AREA, type Report, updateReport } from './api.ts';
import type { ReportCommandTarget } from './command-target.ts';
import { DeliveryPanel } from './DeliveryPanel.tsx';
import { draftOf, inputOf, type ReportDraft } from './draft.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { ReportFields } from './ReportFields.tsx';
import { SectionsEditor } from './SectionsEditor.tsx';

export interface ReportEditorProps {
  report: Report;
  reload(): void;
}

/**
 * The report builder (spec 2, section 2): the report's settings and its document on the field
 * kit, saved on the version it was opened on (someone else's save since answers 409, said here
 * with a way to take theirs); the PDF preview beside it follows each save. Only the owner may
 * change a report; others see it read-only with its preview and delivery.
 */
export function ReportEditor({ report, reload }: ReportEditorProps) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const uid = useId();
  const [version, setVersion] = useState(report.version);
  const [conflict, setConflict] = useState(false);
  const [taking, setTaking] = useState(false);
  const form = useForm<ReportDraft>({
    initial: () => draftOf(report),
    schema: 'ReportInput',
    toContract: inputOf,
    fieldOf: {
      customer_id: 'customerId',
      saved_search_id: 'savedSearchId',
      start_date: 'startDate',
      end_date: 'endDate',
      retention_days: 'retentionDays',
      document: 'components',
    },
    check: (draft) => ({
      customerId: draft.scope === 'customer' && !draft.customerId ? t('form.selectCustomer') : undefined,
      endDate:
        Boolean(draft.startDate) !== Boolean(draft.endDate)
          ? t('form.bothDates')
          : draft.startDate && draft.endDate && draft.endDate < draft.startDate
            ? t('form.endBeforeStart')
            : undefined,
    }),
    submit: async (draft) => {
      const saved = await updateReport(report.id, inputOf(draft), version);
      setVersion(saved.version);
      setConflict(false);
      // The draft keeps its keys (focus stays on the part being edited); it is now the saved one.
      form.reset(draft);
      notify({ severity: 'success', title: t('builder.saved', { name: saved.name }), message: '' });
      void invalidate(REPORTS_AREA);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        return;
      }
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.save'), message: common('tryAgainLater') });
    },
    unsavedMessage: t('builder.unsaved'),
  });
  // Taking the other version: once the report read again is newer, the draft becomes it.
  useEffect(() => {
    if (taking && report.version !== version) {
      form.reset(draftOf(report));
      setVersion(report.version);
      setTaking(false);
      setConflict(false);
    }
  }, [taking, report, version, form]);

  const previewRef = useRef<HTMLElement>(null);
  const sendRef = useRef<HTMLElement>(null);
  const scheduleRef = useRef<HTMLElement>(null);
  const active = useIsActivePage();
  const editable = report.mine;
  const commandTarget = useMemo(
    (): ReportCommandTarget => ({
      kind: 'report',
      actions: {
        'reports.preview': () => previewRef.current?.focus(),
        'reports.send': () => sendRef.current?.querySelector<HTMLElement>('select, input')?.focus(),
        'reports.schedule': () => scheduleRef.current?.querySelector<HTMLElement>('select, input')?.focus(),
      },
    }),
    [],
  );
  useProvideCommandTarget(active ? commandTarget : null);

  const { customers } = useShellData();
  const { selected } = useSelectedCustomers();
  const previewCustomer = report.customer_id ?? selected[0] ?? customers[0]?.customer_id ?? '';
  const formId = `${uid}-report`;
  return (
    <div className="page-body report-builder">
      <header className="page-header">
        <div>
          <p className="muted">
            <Link href="/reports">{t('title')}</Link>
          </p>
          <h1>{form.values.name || report.name}</h1>
          <p className="muted">
            {t(`scope.${report.scope}`)} · {t('builder.version', { version })}
            {!editable && ` · ${t('builder.readOnly')}`}
          </p>
        </div>
        {editable && (
          <div className="page-header__actions">
            <button type="submit" form={formId} className="button button--primary" disabled={form.busy}>
              {form.busy ? t('builder.saving') : t('builder.save')}
            </button>
          </div>
        )}
      </header>
      {conflict && (
        <div className="report-conflict" role="alert">
          <p>{t('builder.conflict')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setTaking(true);
              reload();
            }}
          >
            {t('builder.takeTheirs')}
          </button>
        </div>
      )}
      <div className="report-builder__panes">
        <form id={formId} className="form report-builder__form" {...form.formProps}>
          <fieldset disabled={!editable} className="report-builder__fieldset">
            <ReportFields form={form} idPrefix={uid} />
            <SectionsEditor
              components={form.values.components}
              onChange={(components) => form.set({ components })}
              error={form.errors.components}
              hasSavedSearch={Boolean(form.values.savedSearchId)}
            />
          </fieldset>
          {form.failure && (
            <p className="field__error" role="alert">
              {form.failure}
            </p>
          )}
        </form>
        <PreviewPane
          ref={previewRef}
          reportId={report.id}
          version={version}
          initialCustomer={previewCustomer}
          unsaved={form.dirty}
        />
      </div>
      <DeliveryPanel report={report} sendRef={sendRef} scheduleRef={scheduleRef} />
      {form.prompt}
    </div>
  );
}
