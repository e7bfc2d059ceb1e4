import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { Timestamp } from '../../components/Timestamp.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useIsActivePage, useSelectedCustomers, useShellData } from '../../shell/index.ts';
import { type BreachHistoryEntry, listBreachLookups } from './api.ts';
import { BreachTable } from './BreachTable.tsx';

const NO_LOOKUPS: readonly BreachHistoryEntry[] = [];

/**
 * The breach history: past breach look-ups of the selected customers (all within reach when none
 * is selected), newest first. j/k move through them (the account's button takes the focus),
 * Enter opens one to show its breaches, Esc closes it again.
 */
export function BreachHistory() {
  const { t } = useTranslation('threat');
  const active = useIsActivePage();
  const { selected } = useSelectedCustomers();
  const { customers } = useShellData();
  const uid = useId();
  const history = asLoaded(useQuery(listBreachLookups(selected)));
  const lookups = history.data ?? NO_LOOKUPS;
  const [cursor, setCursor] = useState<number | null>(null);
  const [open, setOpen] = useState<BreachHistoryEntry | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const customerName = (id: string | null) =>
    id === null ? t('history.staff') : (customers.find((c) => c.customer_id === id)?.name ?? id);

  const focusRow = useCallback((index: number) => {
    setCursor(index);
    bodyRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"] button`)?.focus();
  }, []);
  useListKeys({
    enabled: active,
    count: lookups.length,
    focused: cursor !== null && cursor < lookups.length ? cursor : null,
    setFocused: focusRow,
    onOpen: (index) => setOpen(lookups[index] ?? null),
    onBack: () => {
      if (!open) return false;
      setOpen(null);
      if (cursor !== null) focusRow(cursor);
      return true;
    },
  });

  const headingId = `${uid}-history`;
  return (
    <section className="threat-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('history.heading')}</h2>
      <p className="muted">{t('history.hint')}</p>
      <LoadedContent
        load={history}
        empty={lookups.length === 0}
        labels={{
          empty: t('history.empty'),
          loadFailed: t('history.failed'),
          retry: t('retry'),
          loading: t('history.loading'),
        }}
      >
        <table className="threat-table">
          <caption className="sr-only">{t('history.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.account')}</th>
              <th scope="col">{t('history.customer')}</th>
              <th scope="col">{t('history.state')}</th>
              <th scope="col">{t('history.found')}</th>
              <th scope="col">{t('history.asked')}</th>
              <th scope="col">{t('history.finished')}</th>
              <th scope="col">{t('history.error')}</th>
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {lookups.map((lookup, index) => (
              <tr
                key={`${lookup.customer_id ?? ''} ${lookup.account}`}
                data-row-index={index}
                aria-current={open === lookup ? 'true' : undefined}
              >
                <td className="threat-value">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setOpen(lookup)}
                    onFocus={() => setCursor(index)}
                  >
                    {lookup.account}
                  </button>
                </td>
                <td>{customerName(lookup.customer_id)}</td>
                <td>{t(`history.states.${lookup.status}`)}</td>
                <td>{lookup.status === 'done' ? lookup.breach_count : t('none')}</td>
                <td>
                  <Timestamp iso={lookup.requested_at} />
                </td>
                <td>{lookup.finished_at ? <Timestamp iso={lookup.finished_at} /> : t('none')}</td>
                <td>{lookup.error ?? t('none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </LoadedContent>
      {open && (
        <section className="card threat-history-detail" aria-labelledby={`${uid}-open`}>
          <h3 id={`${uid}-open`}>{t('breach.heading', { account: open.account })}</h3>
          {open.status === 'done' && <BreachTable breaches={open.breaches} />}
          {open.status === 'in_progress' && <p className="muted">{t('history.stillRunning')}</p>}
          {open.status === 'failed' && (
            <p role="alert">{t('history.failedLookup', { reason: open.error ?? t('none') })}</p>
          )}
          <p className="muted">{t('history.closeHint')}</p>
        </section>
      )}
    </section>
  );
}
