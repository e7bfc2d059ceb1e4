import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import {
  type ListColumn,
  ListNameButton,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useSelectedCustomers, useShellData } from '../../shell/index.ts';
import { type BreachHistoryEntry, listBreachLookups } from './api.ts';
import { BreachTable } from './BreachTable.tsx';

const NO_LOOKUPS: readonly BreachHistoryEntry[] = [];
/** An account is looked up once per customer (staff's own look-ups have none). */
const lookupKey = (lookup: BreachHistoryEntry) => `${lookup.customer_id ?? ''} ${lookup.account}`;

/**
 * The breach history: past breach look-ups of the selected customers (all within reach when none
 * is selected), newest first until a column sorts them. j/k move through them (the account takes
 * the focus), Enter opens one to show its breaches, Esc closes it again.
 */
export function BreachHistory() {
  const { t } = useTranslation('threat');
  const { selected } = useSelectedCustomers();
  const { customers } = useShellData();
  const formatTime = useFormatTimestamp();
  const uid = useId();
  const controls = useListControls();
  const load = asLoaded(useQuery(listBreachLookups(selected)));
  const lookups = load.data ?? NO_LOOKUPS;
  const [openKey, setOpenKey] = useState<string | null>(null);
  const customerName = useCallback(
    (id: string | null) =>
      id === null ? t('history.staff') : (customers.find((c) => c.customer_id === id)?.name ?? id),
    [customers, t],
  );

  const columns = useMemo(
    (): ListColumn<BreachHistoryEntry>[] => [
      {
        key: 'account',
        label: t('history.account'),
        width: 'minmax(14rem, 2fr)',
        sortable: true,
        text: (l) => l.account,
        render: (l) => (
          <ListNameButton expanded={openKey === lookupKey(l)} onClick={() => setOpenKey(lookupKey(l))}>
            {l.account}
          </ListNameButton>
        ),
      },
      {
        key: 'customer',
        label: t('history.customer'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: (l) => customerName(l.customer_id),
      },
      {
        key: 'state',
        label: t('history.state'),
        width: '8rem',
        sortable: true,
        text: (l) => t(`history.states.${l.status}`),
      },
      {
        key: 'found',
        label: t('history.found'),
        width: '9rem',
        sortable: true,
        align: 'end',
        value: (l) => (l.status === 'done' ? l.breach_count : null),
        text: (l) => (l.status === 'done' ? String(l.breach_count) : t('none')),
      },
      ...(
        [
          ['asked', 'requested_at'],
          ['finished', 'finished_at'],
        ] as const
      ).map(
        ([key, field]): ListColumn<BreachHistoryEntry> => ({
          key,
          label: t(`history.${key}`),
          width: 'minmax(11rem, 1fr)',
          sortable: true,
          value: (l) => l[field],
          text: (l) => {
            const at = l[field];
            return at ? formatTime(at) : t('none');
          },
          render: (l) => {
            const at = l[field];
            return at ? <TimeText iso={at} format={formatTime} /> : t('none');
          },
        }),
      ),
      {
        key: 'error',
        label: t('history.error'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        value: (l) => l.error,
        text: (l) => l.error ?? t('none'),
      },
    ],
    [t, customerName, formatTime, openKey],
  );
  const { pageRows, total } = useClientRows(lookups, columns, controls);
  const list = useList({
    rows: pageRows,
    rowId: lookupKey,
    onOpen: (l) => setOpenKey(lookupKey(l)),
    onBack: () => {
      if (openKey === null) return false;
      setOpenKey(null);
      return true;
    },
  });
  const open = lookups.find((l) => lookupKey(l) === openKey) ?? null;

  const headingId = `${uid}-history`;
  return (
    <section className="threat-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('history.heading')}</h2>
      <p className="muted">{t('history.hint')}</p>
      <ListScreen
        label={t('history.heading')}
        columns={columns}
        rows={pageRows}
        list={list}
        controls={controls}
        paging={{ kind: 'numbered', total }}
        load={load}
        labels={{
          empty: t('history.empty'),
          loadFailed: t('history.failed'),
          retry: t('retry'),
          loading: t('history.loading'),
        }}
        aside={
          open && (
            <section className="card threat-history-detail" aria-labelledby={`${uid}-open`}>
              <h3 id={`${uid}-open`}>{t('breach.heading', { account: open.account })}</h3>
              {open.status === 'done' && <BreachTable breaches={open.breaches} />}
              {open.status === 'in_progress' && <p className="muted">{t('history.stillRunning')}</p>}
              {open.status === 'failed' && (
                <p role="alert">{t('history.failedLookup', { reason: open.error ?? t('none') })}</p>
              )}
              <p className="muted">{t('history.closeHint')}</p>
            </section>
          )
        }
      />
    </section>
  );
}
