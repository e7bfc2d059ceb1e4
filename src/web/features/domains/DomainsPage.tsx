import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List } from 'react-window';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { GridHeaderRow } from '../../components/table/GridHeaderRow.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { useCustomerScope, useToasts } from '../../shell/index.ts';
import { AddDomainsDialog } from './AddDomainsDialog.tsx';
import { DOMAINS_AREA, type Domain, listDomains, setDomainActive } from './api.ts';
import { DomainRow, type DomainRowProps } from './DomainRow.tsx';
import './domains.css';
import { useCan } from '../../session/use-can.ts';
import { SCAN_POLL_MS, scanPending } from './use-scan-poll.ts';

const ROW_HEIGHT = 40;
const MAX_HEIGHT = 520;
const COLUMNS = ['domain', 'customer', 'status', 'lookalikes', 'risk', 'scanned', 'actions'] as const;

/** /domains (spec 2, section 2 "Domains"): every monitored domain; add one or many; pause or resume monitoring. */
export function DomainsPage(_: ScreenProps) {
  const { t } = useTranslation('domains');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const { customerIDs, filtered } = useCustomerScope();
  const canManage = useCan()('createDomains');
  const scope = filtered ? customerIDs : [];
  // A domain just added is being scanned: its row says so and the list follows until it ends.
  const list = asLoaded(
    useQuery({
      ...listDomains(scope),
      refetchInterval: (query) => (query.state.data?.domains.some(scanPending) ? SCAN_POLL_MS : false),
    }),
  );
  const invalidate = useInvalidatePaths();
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<Domain | null>(null);
  const [busy, setBusy] = useState(false);
  const domains = list.data ?? [];
  const rowProps = useMemo<DomainRowProps>(
    () => ({ domains, canManage, onToggle: setToggling }),
    [domains, canManage],
  );
  const height = Math.min(MAX_HEIGHT, Math.max(domains.length, 1) * ROW_HEIGHT);

  async function toggle(domain: Domain) {
    setBusy(true);
    try {
      await setDomainActive(domain.uid, !domain.active);
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

  return (
    <div className="page-body domains-page">
      <header className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('subtitle')}</p>
        </div>
        {canManage && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t('add')}
          </button>
        )}
      </header>
      <div className="slow-load-host" aria-busy={list.status === 'loading'}>
        <SlowLoadNotice loading={list.status === 'loading'} />
        {list.status === 'error' ? (
          <LoadError
            error={list.error}
            message={t('errors.load')}
            retryLabel={t('retry')}
            onRetry={list.reload}
          />
        ) : list.status === 'ready' && domains.length === 0 ? (
          <p className="empty" role="status">
            {t('list.empty')}
          </p>
        ) : (
          // biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs
          <div
            role="grid"
            aria-label={t('list.label')}
            aria-rowcount={domains.length + 1}
            className="domain-grid"
          >
            <GridHeaderRow
              className="domain-row domain-row--header"
              labels={COLUMNS.map((column) => t(`columns.${column}`))}
            />
            <List
              role="rowgroup"
              rowComponent={DomainRow}
              rowCount={domains.length}
              rowHeight={ROW_HEIGHT}
              rowProps={rowProps}
              defaultHeight={height}
              style={{ height }}
            />
          </div>
        )}
        {list.status === 'loading' && (
          <span className="sr-only" role="status">
            {t('loading')}
          </span>
        )}
      </div>
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
    </div>
  );
}
