import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Spinner } from '../../components/Spinner.tsx';
import {
  useIsActivePage,
  useSelectedCustomers,
  useShellData,
  useTickerEvent,
  useToasts,
} from '../../shell/index.ts';
import { useSession } from '../../shell/session-bridge.ts';
import { useCanChange } from '../cases/use-can-change.ts';
import { useListKeys } from '../cases/use-list-keys.ts';
import { MuteList } from './MuteList.tsx';
import { MutePanel } from './MutePanel.tsx';
import { type MuteTab, MuteTabs } from './MuteTabs.tsx';
import './mutes.css';
import { useMuteLists } from './use-mute-lists.ts';

type Panel = { kind: 'new'; serial: number } | { kind: 'mute'; mute: Mute } | null;

/**
 * /alerts/muted (spec 2, sections 2 "Alert mutes", 4 and 9): the active and the inactive mutes
 * (expired ones with their state) of the selected customers, a details panel, editing, unmuting
 * and new mutes. Keys: j/k move, Enter opens, n writes a new mute.
 */
export function MutesPage(_: ScreenProps) {
  const { t } = useTranslation('mutes');
  const { t: common } = useTranslation();
  const session = useSession();
  const active = useIsActivePage();
  const { notify } = useToasts();
  const { selected } = useSelectedCustomers();
  const { customers } = useShellData();
  const [tab, setTab] = useState<MuteTab>('active');
  const [panel, setPanel] = useState<Panel>(null);
  const [cursor, setCursor] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const canChange = useCanChange();
  // Cached pages stay mounted: ids must be unique per page instance.
  const uid = useId();
  const lists = useMuteLists(selected, session.status === 'ready', () =>
    notify({ severity: 'danger', title: t('errors.load'), message: common('tryAgainLater') }),
  );
  const shown = tab === 'active' ? lists.active : lists.inactive;
  const customerName = (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id;
  const newCustomer =
    selected.length === 1 ? selected[0]! : customers.length === 1 ? customers[0]!.customer_id : '';

  useTickerEvent('refresh', lists.reload);
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) lists.reload();
    wasActive.current = active;
  }, [active, lists.reload]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another tab starts at its top
  useEffect(() => setCursor(0), [tab]);

  const selectedMute =
    panel?.kind === 'mute'
      ? ([...lists.active, ...lists.inactive].find((m) => m.id === panel.mute.id) ?? panel.mute)
      : null;
  const startNew = () => setPanel((p) => ({ kind: 'new', serial: p?.kind === 'new' ? p.serial + 1 : 1 }));

  useListKeys({
    enabled: active && (panel === null || panel.kind === 'mute'),
    count: shown.length,
    cursor,
    onMove: (index) => {
      setCursor(index);
      listRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"] button`)?.focus();
    },
    onOpen: (index) => {
      const mute = shown[index];
      if (mute) setPanel({ kind: 'mute', mute });
    },
    onNew: canChange ? startNew : undefined,
  });

  return (
    <div className="page-body mutes-page">
      <header className="page-header mutes-page__header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('subtitle')}</p>
        </div>
        {canChange && (
          <button
            type="button"
            className="button button--primary"
            onClick={startNew}
            aria-label={t('new')}
            aria-keyshortcuts="n"
          >
            {t('new')}
            <kbd className="kbd">n</kbd>
          </button>
        )}
      </header>
      <div className="mutes-page__layout">
        <div className="mutes-page__lists">
          <MuteTabs
            idPrefix={`${uid}-tab`}
            tab={tab}
            onChange={setTab}
            counts={{
              active: lists.status === 'ready' ? lists.active.length : null,
              inactive: lists.status === 'ready' ? lists.inactive.length : null,
            }}
          />
          <div id={`${uid}-tab-panel`} role="tabpanel" aria-labelledby={`${uid}-tab-${tab}`} ref={listRef}>
            {lists.status === 'loading' && <Spinner size="large" label={t('loading')} />}
            {lists.status === 'error' && shown.length === 0 && (
              <div className="empty" role="status">
                <p>{t('errors.load')}</p>
                <button type="button" className="button" onClick={lists.reload}>
                  {t('retry')}
                </button>
              </div>
            )}
            {lists.status === 'ready' && shown.length === 0 && (
              <p className="empty" role="status">
                {tab === 'active' ? t('list.noneActive') : t('list.noneInactive')}
              </p>
            )}
            {shown.length > 0 && (
              <MuteList
                mutes={shown}
                showState={tab === 'inactive'}
                cursor={cursor}
                selectedId={selectedMute?.id ?? null}
                customerName={customerName}
                onSelect={(mute, index) => {
                  setCursor(index);
                  setPanel({ kind: 'mute', mute });
                }}
              />
            )}
          </div>
          <p className="muted mutes-page__keys">{t('keys')}</p>
        </div>
        {panel && (
          <aside className="card mutes-page__panel" aria-labelledby={`${uid}-panel-title`}>
            <MutePanel
              key={panel.kind === 'new' ? `new-${panel.serial}` : panel.mute.id}
              titleId={`${uid}-panel-title`}
              mute={panel.kind === 'new' ? null : selectedMute}
              customerId={newCustomer}
              customerName={customerName}
              canChange={canChange}
              onChanged={(mute, operation) => {
                lists.reload();
                if (operation === 'create') {
                  setTab('active');
                  setPanel({ kind: 'mute', mute });
                }
              }}
              onClosed={() => setPanel(null)}
            />
          </aside>
        )}
      </div>
    </div>
  );
}
