import { type Ref, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFailed, selectUpdating } from '../../../../machines/report-preview/selectors.ts';
import { LoadError } from '../../components/table/LoadError.tsx';
import { useCustomerScope } from '../../shell/index.ts';
import { AzureGroupsField } from './AzureGroupsField.tsx';
import { SectionFigures } from './SectionFigures.tsx';
import { useReportPreview } from './use-report-preview.ts';

export interface PreviewPaneProps {
  ref?: Ref<HTMLElement>;
  reportId: string;
  /** The saved version shown: each save draws the preview again. */
  version: number;
  initialCustomer: string;
  /** The draft has changes the preview does not show yet. */
  unsaved: boolean;
}

/**
 * The report as its PDF, beside the builder: rendered by the server for one customer (the
 * preview call needs the session's token, so the PDF is read as a blob and shown from its own
 * address), narrowed to the Azure groups chosen here. It follows each save and each choice here,
 * drawn once the person pauses (use-report-preview.ts); its "Draw again" button draws it at
 * once. Under it, each section's figures as tables (SectionFigures.tsx), for what is drawn.
 */
export function PreviewPane({ ref, reportId, version, initialCustomer, unsaved }: PreviewPaneProps) {
  const { t } = useTranslation('reports');
  const uid = useId();
  const { filteredCustomers } = useCustomerScope();
  const [customerId, setCustomerId] = useState(initialCustomer);
  const [groups, setGroups] = useState<string[]>([]);
  const { snapshot, refresh } = useReportPreview({ reportId, version, customerId, groups });
  const updating = selectUpdating(snapshot);
  const { pdf, drawn, shown, failure } = snapshot.context;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) return setUrl(null);
    const next = URL.createObjectURL(pdf);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [pdf]);

  return (
    <section ref={ref} className="report-preview" tabIndex={-1} aria-labelledby={`${uid}-title`}>
      <div className="report-preview__bar">
        <h2 id={`${uid}-title`}>{t('preview.title')}</h2>
        <label htmlFor={`${uid}-customer`}>{t('preview.customer')}</label>
        <select
          id={`${uid}-customer`}
          className="select"
          value={customerId}
          onChange={(event) => {
            setCustomerId(event.target.value);
            setGroups([]);
          }}
        >
          {!customerId && <option value="">{t('form.chooseCustomer')}</option>}
          {filteredCustomers.map((c) => (
            <option key={c.customer_id} value={c.customer_id}>
              {c.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small"
          disabled={!customerId || snapshot.matches('Drawing')}
          onClick={refresh}
        >
          {t('preview.refresh')}
        </button>
      </div>
      <AzureGroupsField id={`${uid}-groups`} customerId={customerId} chosen={groups} onChange={setGroups} />
      {unsaved && <p className="muted">{t('preview.unsaved')}</p>}
      {!customerId ? (
        <p className="empty">{t('preview.noCustomer')}</p>
      ) : selectFailed(snapshot) ? (
        <LoadError error={failure} message={t('errors.preview')} retryLabel={t('retry')} onRetry={refresh} />
      ) : (
        <>
          {updating && <p role="status">{t('preview.updating')}</p>}
          {url && shown && (
            <iframe
              className="report-preview__frame"
              aria-busy={updating ? 'true' : 'false'}
              title={t('preview.frameTitle')}
              src={url}
              data-version={shown.version}
              data-groups={shown.groups.join()}
            />
          )}
        </>
      )}
      {drawn && (
        <SectionFigures
          reportId={drawn.reportId}
          customerId={drawn.customerId}
          selectedGroups={drawn.groups}
        />
      )}
    </section>
  );
}
