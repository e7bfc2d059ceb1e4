import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  type ListColumn,
  ListLink,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
  useListScreenTexts,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCan } from '../../session/use-can.ts';
import { useCustomerScope, useToasts } from '../../shell/index.ts';
import { AddDomainsDialog } from './AddDomainsDialog.tsx';
import { DOMAINS_AREA, type Domain, listDomains, updateDomain } from './api.ts';
import './domains.css';
import { SCAN_POLL_MS, scanPending } from './use-scan-poll.ts';

const idOf = (domain: Domain) => domain.uid;
const dataOf = (domain: Domain) => ({ domain: domain.domain });

/** /domains (spec 2, section 2 "Domains"): every monitored domain; add one or many; pause or resume monitoring. */
export function DomainsPage(_: ScreenProps) {
  const { t } = useTranslation('domains');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  // The server narrows the domains to the customers selected in the top bar.
  const { customerIDs, filtered } = useCustomerScope();
  const canManage = useCan()('createDomains');
  const formatTime = useFormatTimestamp();
  const controls = useListControls();
  // A domain just added is being scanned: its row says so and the list follows until it ends.
  const load = asLoaded(
    useQuery({
      ...listDomains(filtered ? customerIDs : []),
      refetchInterval: (query) => (query.state.data?.domains.some(scanPending) ? SCAN_POLL_MS : false),
    }),
  );
  const invalidate = useInvalidatePaths();
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<Domain | null>(null);
  const [busy, setBusy] = useState(false);
  const columns = useMemo(
    (): ListColumn<Domain>[] => [
      {
        key: 'domain',
        label: t('columns.domain'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (d) => d.domain,
        render: (d) => <ListLink href={`/domains/${d.uid}`}>{d.domain}</ListLink>,
      },
      {
        key: 'customer',
        label: t('columns.customer'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: (d) => d.customer_name,
      },
      {
        key: 'status',
        label: t('columns.status'),
        width: '7rem',
        sortable: true,
        text: (d) => (d.active ? t('list.active') : t('list.paused')),
      },
      {
        key: 'lookalikes',
        label: t('columns.lookalikes'),
        width: '7rem',
        sortable: true,
        align: 'end',
        value: (d) => d.lookalike_count,
        text: (d) => String(d.lookalike_count),
      },
      {
        key: 'risk',
        label: t('columns.risk'),
        width: '7rem',
        sortable: true,
        align: 'end',
        value: (d) => d.highest_risk ?? null,
        text: (d) => (d.highest_risk === null || d.highest_risk === undefined ? '–' : String(d.highest_risk)),
      },
      {
        key: 'scanned',
        label: t('columns.scanned'),
        width: 'minmax(11rem, 1fr)',
        sortable: true,
        value: (d) => (d.last_scanned_at ? Date.parse(d.last_scanned_at) : null),
        text: (d) =>
          d.scan_status
            ? (d.scan_error ?? t(`list.scan.${d.scan_status}`))
            : d.last_scanned_at
              ? formatTime(d.last_scanned_at)
              : t('list.notScanned'),
        render: (d) =>
          d.scan_status ? (
            t(`list.scan.${d.scan_status}`)
          ) : d.last_scanned_at ? (
            <TimeText iso={d.last_scanned_at} format={formatTime} />
          ) : (
            t('list.notScanned')
          ),
      },
      ...(canManage
        ? [
            {
              key: 'actions',
              label: t('columns.actions'),
              width: '8rem',
              render: (d: Domain) => (
                <button
                  type="button"
                  className="button button--small"
                  // The short word fits the column; the name says which domain it acts on.
                  aria-label={
                    d.active
                      ? t('toggle.pause', { domain: d.domain })
                      : t('toggle.resume', { domain: d.domain })
                  }
                  onClick={() => setToggling(d)}
                >
                  {d.active ? t('toggle.pauseShort') : t('toggle.resumeShort')}
                </button>
              ),
            },
          ]
        : []),
    ],
    [t, canManage, formatTime],
  );
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls);
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: !adding && toggling === null,
    onOpen: (d) => navigate(`/domains/${d.uid}`),
  });

  async function toggle(domain: Domain) {
    setBusy(true);
    try {
      await updateDomain(domain.uid, !domain.active);
      notify({
        severity: 'success',
        title: domain.active
          ? t('toggle.paused', { domain: domain.domain })
          : t('toggle.resumed', { domain: domain.domain }),
        message: domain.customer_name,
      });
      void invalidate(DOMAINS_AREA);
    } catch {
      notify({ severity: 'danger', title: t('errors.update'), message: common('tryAgainLater') });
    } finally {
      setBusy(false);
      setToggling(null);
    }
  }

  const texts = useListScreenTexts('domains', load, total);
  return (
    <ListScreen
      className="domains-page"
      {...texts}
      actions={
        canManage && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t('add')}
          </button>
        )
      }
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
    >
      {adding && (
        <AddDomainsDialog
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void invalidate(DOMAINS_AREA);
          }}
        />
      )}
      {toggling && (
        <ConfirmDialog
          title={toggling.active ? t('toggle.pauseTitle') : t('toggle.resumeTitle')}
          confirmLabel={toggling.active ? t('toggle.pauseConfirm') : t('toggle.resumeConfirm')}
          danger={toggling.active}
          busy={busy}
          onCancel={() => setToggling(null)}
          onConfirm={() => toggle(toggling)}
        >
          <p>
            {toggling.active
              ? t('toggle.pauseBody', { domain: toggling.domain })
              : t('toggle.resumeBody', { domain: toggling.domain })}
          </p>
        </ConfirmDialog>
      )}
    </ListScreen>
  );
}
