import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_FILE_MAX_BYTES } from '../../../api/limits.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { type BulkRow, bulkThreatLookup } from './api.ts';
import { BulkResults, bulkCsv, partsOf } from './bulk-file.ts';
import { failureText } from './messages.ts';

/** Rows the table shows; the CSV has them all. */
const SHOWN = 200;

type State =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; rows: BulkRow[]; counts: BulkResults['counts']; name: string }
  | { status: 'error'; message: string };

/**
 * A newline-separated file of indicators: sent in parts (progress shows), the results in a
 * table and as a CSV download. The file input is a labelled button reached with Tab.
 */
export function BulkUpload() {
  const { t } = useTranslation('threat');
  const [state, setState] = useState<State>({ status: 'idle' });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Each part is well under the server's limit; the whole file is held to ten of them.
    if (file.size > 10 * BULK_FILE_MAX_BYTES) {
      setState({ status: 'error', message: t('bulk.tooLarge', { mib: 10 }) });
      return;
    }
    const parts = partsOf(await file.text());
    if (!parts.length) {
      setState({ status: 'error', message: t('bulk.empty') });
      return;
    }
    const results = new BulkResults();
    setState({ status: 'running', done: 0, total: parts.length });
    try {
      for (const [index, part] of parts.entries()) {
        results.add(part.first, await bulkThreatLookup(part.text, file.name));
        setState({ status: 'running', done: index + 1, total: parts.length });
      }
      setState({ status: 'done', rows: results.rows, counts: { ...results.counts }, name: file.name });
    } catch (error) {
      setState({ status: 'error', message: failureText(t, error) });
    }
  };

  return (
    <section className="threat-section" aria-labelledby="threat-bulk">
      <h2 id="threat-bulk">{t('bulk.heading')}</h2>
      <p className="muted">{t('bulk.hint')}</p>
      <label className="threat-file-label" htmlFor="threat-bulk-file">
        {t('bulk.choose')}
      </label>
      <input
        id="threat-bulk-file"
        className="threat-file"
        type="file"
        accept=".txt,.csv,text/plain"
        onChange={choose}
      />
      {state.status === 'running' && (
        <div aria-live="polite">
          <label htmlFor="threat-bulk-progress">
            {t('bulk.progress', { done: state.done, total: state.total })}
          </label>
          <progress id="threat-bulk-progress" max={state.total} value={state.done} />
        </div>
      )}
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'done' && (
        <div aria-live="polite">
          <p>
            {t('bulk.counts', {
              indicators: state.counts.indicators,
              unrecognised: state.counts.unrecognised,
              duplicates: state.counts.duplicates,
            })}
          </p>
          {state.rows.length === 0 ? (
            <p className="empty">{t('bulk.none')}</p>
          ) : (
            <>
              <button
                type="button"
                className="button"
                onClick={() =>
                  downloadCsv(bulkCsv(state.rows), `${state.name.replace(/\.[^.]*$/, '')}-lookup.csv`)
                }
              >
                {t('bulk.download')}
              </button>
              <table className="threat-table">
                <caption>
                  {state.rows.length > SHOWN
                    ? t('bulk.shown', { shown: SHOWN, count: state.rows.length })
                    : t('bulk.caption')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('fields.line')}</th>
                    <th scope="col">{t('fields.kind')}</th>
                    <th scope="col">{t('fields.value')}</th>
                    <th scope="col">{t('fields.verdict')}</th>
                    <th scope="col">{t('fields.risk')}</th>
                    <th scope="col">{t('fields.source')}</th>
                    <th scope="col">{t('fields.note')}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.rows.slice(0, SHOWN).map((r) => (
                    <tr key={`${r.kind} ${r.value}`}>
                      <td>{r.line}</td>
                      <td>{t(`kind.${r.kind}`)}</td>
                      <td className="threat-value">{r.value}</td>
                      <td className={`threat-det threat-det-${r.det}`}>{t(`det.${r.det}`)}</td>
                      <td>{r.risk}</td>
                      <td>{r.source ?? ''}</td>
                      <td>{r.note ? t(`note.${r.note}`, { count: r.breaches ?? 0 }) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </div>
      )}
    </section>
  );
}
