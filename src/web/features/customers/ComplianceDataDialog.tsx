import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { TextField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { Customer } from './api.ts';
import { type ComplianceQuery, complianceCsvUrl, getCustomerComplianceData } from './extras-api.ts';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
interface Draft extends Record<string, string> {
  from: string;
  to: string;
  min_bytes: string;
  max_bytes: string;
}
type DraftField = keyof Draft;

/** The draft as a query, or the fields the person must correct (sizes are whole bytes). */
function queryOf(
  draft: Draft,
  messages: Record<'invalidBytes' | 'minAboveMax' | 'required' | 'toBeforeFrom', string>,
): { query: ComplianceQuery } | { errors: Partial<Record<DraftField, string>> } {
  const errors: Partial<Record<DraftField, string>> = {};
  const sizes: Partial<Record<'min_bytes' | 'max_bytes', number>> = {};
  for (const field of ['min_bytes', 'max_bytes'] as const) {
    const text = draft[field].trim();
    if (text === '') continue;
    if (!/^\d+$/.test(text)) errors[field] = messages.invalidBytes;
    else sizes[field] = Number(text);
  }
  if (sizes.min_bytes !== undefined && sizes.max_bytes !== undefined && sizes.min_bytes > sizes.max_bytes)
    errors.max_bytes = messages.minAboveMax;
  if (!draft.from) errors.from = messages.required;
  if (!draft.to) errors.to = messages.required;
  if (draft.from && draft.to && draft.from > draft.to) errors.to = messages.toBeforeFrom;
  if (Object.keys(errors).length > 0) return { errors };
  return { query: { from: draft.from, to: draft.to, ...sizes } };
}

/** Compliance data: the stored log volume by day and type, with date range and size filters in bytes. */
export function ComplianceDataDialog({ customer, onClose }: { customer: Customer; onClose(): void }) {
  const { t, i18n } = useTranslation('customers');
  const uid = useId();
  const today = Math.floor(Date.now() / DAY) * DAY;
  const messages = {
    invalidBytes: t('compliance.invalidBytes'),
    minAboveMax: t('compliance.minAboveMax'),
    required: t('form.required'),
    toBeforeFrom: t('compliance.toBeforeFrom'),
  };
  const initial: Draft = { from: isoDay(today - 29 * DAY), to: isoDay(today), min_bytes: '', max_bytes: '' };
  const [query, setQuery] = useState<ComplianceQuery>({ from: initial.from, to: initial.to });
  const form = useForm<Draft>({
    initial,
    guardsUnsaved: false,
    check: (values) => {
      const next = queryOf(values, messages);
      return 'errors' in next ? next.errors : {};
    },
    submit: async (values) => {
      const next = queryOf(values, messages);
      if ('query' in next) setQuery(next.query);
    },
  });
  const loaded = asLoaded(useQuery(getCustomerComplianceData(customer.customer_id, query)));
  const number = new Intl.NumberFormat(i18n.language);
  const serverFields = loaded.error instanceof ApiError ? loaded.error.fields : [];

  const data = loaded.data;
  return (
    <ModalDialog title={t('compliance.title', { name: customer.name })} onClose={onClose} wide>
      <form className="form form--two-columns" {...form.formProps} aria-label={t('compliance.filters')}>
        {(['from', 'to', 'min_bytes', 'max_bytes'] as const).map((field) => (
          <TextField
            key={field}
            id={`${uid}-${field}`}
            label={t(`compliance.fields.${field}`)}
            type={field === 'from' || field === 'to' ? 'date' : 'text'}
            inputMode={field === 'from' || field === 'to' ? undefined : 'numeric'}
            value={form.values[field]}
            error={form.errors[field] ?? serverFields.find((f) => f.field === `querystring.${field}`)?.reason}
            onChange={(value) => form.set({ [field]: value })}
          />
        ))}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t('compliance.apply')}
          </button>
          <a className="button" href={complianceCsvUrl(customer.customer_id, query)} download>
            {t('compliance.export')}
          </a>
        </div>
      </form>
      {loaded.status === 'error' && serverFields.length === 0 ? (
        <div role="alert" className="field__error">
          <p>{loaded.error instanceof ApiError ? loaded.error.message : t('errors.compliance')}</p>
          <button type="button" className="button" onClick={loaded.reload}>
            {t('retry')}
          </button>
        </div>
      ) : loaded.status === 'loading' || !data ? (
        loaded.status !== 'error' && <Spinner label={t('compliance.loading')} />
      ) : (
        <>
          <p role="status">
            {t('compliance.total', {
              bytes: number.format(data.total.bytes),
              events: number.format(data.total.events),
            })}
          </p>
          {data.days.length === 0 ? (
            <p>{t('compliance.empty')}</p>
          ) : (
            <>
              <table className="table">
                <caption className="sr-only">{t('compliance.byTypeCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('compliance.columns.type')}</th>
                    <th scope="col">{t('compliance.columns.events')}</th>
                    <th scope="col">{t('compliance.columns.bytes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.by_type.map((row) => (
                    <tr key={row.source}>
                      <td>{row.source}</td>
                      <td>{number.format(row.events)}</td>
                      <td>{number.format(row.bytes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table className="table">
                <caption className="sr-only">{t('compliance.daysCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('compliance.columns.day')}</th>
                    <th scope="col">{t('compliance.columns.type')}</th>
                    <th scope="col">{t('compliance.columns.events')}</th>
                    <th scope="col">{t('compliance.columns.bytes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((row) => (
                    <tr key={`${row.day}-${row.source}`}>
                      <td>{row.day}</td>
                      <td>{row.source}</td>
                      <td>{number.format(row.events)}</td>
                      <td>{number.format(row.bytes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </>
      )}
    </ModalDialog>
  );
}
