import { useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/table/LoadError.tsx';
import { useCustomerScope } from '../../shell/index.ts';
import { AzureGroupsField } from './AzureGroupsField.tsx';
import { previewReport } from './api.ts';
import { SectionFigures } from './SectionFigures.tsx';

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
 * address), narrowed to the Azure groups chosen here. It follows each save; `r` in the pane or
 * its button reads it again. Under it, each section's figures as tables (SectionFigures.tsx).
 */
export function PreviewPane({ ref, reportId, version, initialCustomer, unsaved }: PreviewPaneProps) {
  const { t } = useTranslation('reports');
  const uid = useId();
  const { filteredCustomers } = useCustomerScope();
  const [customerId, setCustomerId] = useState(initialCustomer);
  const [groups, setGroups] = useState<string[]>([]);
  const pdf = useQuery({
    queryKey: ['report-preview', reportId, version, customerId, groups],
    queryFn: ({ signal }) => previewReport(reportId, customerId, groups, signal),
    enabled: Boolean(customerId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const next = URL.createObjectURL(pdf.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [pdf.data]);

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
          disabled={!customerId || pdf.isFetching}
          onClick={() => void pdf.refetch()}
        >
          {t('preview.refresh')}
        </button>
      </div>
      <AzureGroupsField id={`${uid}-groups`} customerId={customerId} chosen={groups} onChange={setGroups} />
      {unsaved && <p className="muted">{t('preview.unsaved')}</p>}
      {!customerId ? (
        <p className="empty">{t('preview.noCustomer')}</p>
      ) : pdf.status === 'error' ? (
        <LoadError
          error={pdf.error}
          message={t('errors.preview')}
          retryLabel={t('retry')}
          onRetry={() => void pdf.refetch()}
        />
      ) : (
        <>
          {pdf.isFetching && <p role="status">{t('preview.rendering')}</p>}
          {url && (
            <iframe
              className="report-preview__frame"
              title={t('preview.frameTitle')}
              src={url}
              data-version={version}
            />
          )}
        </>
      )}
      {customerId && <SectionFigures reportId={reportId} customerId={customerId} selectedGroups={groups} />}
    </section>
  );
}
