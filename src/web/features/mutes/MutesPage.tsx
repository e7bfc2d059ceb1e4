import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { listSelection, useProvideCommandTarget } from '../../commands/target.ts';
import { SelectionBar } from '../../components/SelectionBar.tsx';
import { useRowSelection } from '../../components/use-row-selection.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useCan } from '../../session/use-can.ts';
import { useSession } from '../../session/use-session.ts';
import {
  useIsActivePage,
  useSelectedCustomers,
  useShellData,
  useTickerEvent,
  useToasts,
} from '../../shell/index.ts';
import type { MutesCommandTarget } from './command-target.ts';
import { MuteList, MutePlaceholders } from './MuteList.tsx';
import { MutePanel } from './MutePanel.tsx';
import { type MuteTab, MuteTabs } from './MuteTabs.tsx';
import './mutes.css';
import { useConditionLabels } from './use-condition-labels.ts';
import { useMuteLists } from './use-mute-lists.ts';

type Panel = { kind: 'new'; serial: number } | { kind: 'mute'; mute: Mute } | null;

const NO_MUTES: readonly Mute[] = [];

/**
 * /alerts/muted (spec 2, sections 2 "Alert mutes", 4 and 9): the active and the inactive mutes
 * (expired ones with their state) of the selected customers, a details panel, editing, unmuting
 * and new mutes. Keys (the registry's list keys): j/k move, x selects active mutes (Shift
 * extends) for `>unmute`, Enter opens, Esc clears the selection, closes the details or goes
 * back, n writes a new mute.
 */
export function MutesPage(_: ScreenProps) {
  const { t } = useTranslation('mutes');
  const { t: common } = useTranslation();
  const session = useSession();
  const active = useIsActivePage();
  const { notify } = useToasts();
  const { selected } = useSelectedCustomers();
  const { customers } = useShellData();
  const labels = useConditionLabels();
  const [tab, setTab] = useState<MuteTab>('active');
  const [panel, setPanel] = useState<Panel>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const canChange = useCan()('createMute');
  // Cached pages stay mounted: ids must be unique per page instance.
  const uid = useId();
  const lists = useMuteLists(selected, session.status === 'ready', () =>
    notify({ severity: 'danger', title: t('errors.load'), message: common('tryAgainLater') }),
  );
  const shown = lists.status === 'loading' ? NO_MUTES : tab === 'active' ? lists.active : lists.inactive;
  // Only active mutes can be unmuted, so only they can be selected.
  const selection = useRowSelection(tab === 'active' ? shown : NO_MUTES);
  const customerName = (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id;
  const newCustomer =
    selected.length === 1 ? selected[0]! : customers.length === 1 ? customers[0]!.customer_id : '';

  useTickerEvent('refresh', lists.reload);
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) lists.reload();
    wasActive.current = active;
  }, [active, lists.reload]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another tab starts at its top, unselected
  useEffect(() => {
    setCursor(null);
    selection.clear();
  }, [tab]);

  const openMute =
    panel?.kind === 'mute'
      ? ([...lists.active, ...lists.inactive].find((m) => m.id === panel.mute.id) ?? panel.mute)
      : null;
  const startNew = () => setPanel((p) => ({ kind: 'new', serial: p?.kind === 'new' ? p.serial + 1 : 1 }));
  const focusRow = useCallback((index: number) => {
    listRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"] .mute-row`)?.focus();
  }, []);
  const moveTo = (index: number) => {
    setCursor(index);
    focusRow(index);
  };

  useListKeys({
    enabled: active,
    count: shown.length,
    focused: cursor !== null && cursor < shown.length ? cursor : null,
    setFocused: moveTo,
    onToggle: tab === 'active' ? selection.toggle : undefined,
    onExtend: tab === 'active' ? selection.extend : undefined,
    onOpen: (index) => {
      const mute = shown[index];
      if (mute) setPanel({ kind: 'mute', mute });
    },
    onBack: () => {
      if (selection.ids.size > 0) {
        selection.clear();
        return true;
      }
      if (panel) {
        // Esc from inside a form being written is the form's (its Cancel button says so).
        if (document.activeElement?.closest('.mutes-page__panel form')) return false;
        setPanel(null);
        if (cursor !== null) focusRow(cursor);
        return true;
      }
      window.history.back();
      return true;
    },
    onNew: canChange ? startNew : undefined,
  });

  const focusedMute = cursor === null ? null : (shown[cursor] ?? null);
  const commandTarget = useMemo((): MutesCommandTarget | null => {
    if (!active || tab !== 'active') return null;
    return {
      kind: 'mutes',
      ...listSelection(selection.ids, focusedMute, shown),
      canChange,
      refresh: lists.reload,
    };
  }, [active, tab, selection.ids, focusedMute, shown, canChange, lists.reload]);
  useProvideCommandTarget(commandTarget);

  const selectLabel = (mute: Mute) =>
    t('list.selectRow', {
      conditions: mute.conditions
        .map((c) => `${labels.field(c.field)} ${labels.operator(c.operator)} ${c.value}`)
        .join(` ${t('summary.and')} `),
    });

  return (
    <div className="page-body mutes-page">
      <header className="page-header mutes-page__header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('subtitle')}</p>
        </div>
        {canChange ? (
          <button
            type="button"
            className="button button--primary"
            onClick={startNew}
            aria-label={t('new')}
            aria-keyshortcuts="n"
          >
            {t('new')}
            <kbd className="kbd" data-key="n" />
          </button>
        ) : (
          session.status === 'ready' && (
            <p className="notice mutes-page__read-only" role="note">
              {t('readOnly')}
            </p>
          )
        )}
      </header>
      <div className="two-panes">
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
          {selection.ids.size > 0 && (
            <SelectionBar
              label={t('list.selected', { count: selection.ids.size })}
              clearLabel={t('list.clearSelection')}
              onClear={selection.clear}
              hint={canChange ? t('list.selectionHint') : null}
            />
          )}
          <div
            id={`${uid}-tab-panel`}
            role="tabpanel"
            aria-labelledby={`${uid}-tab-${tab}`}
            aria-busy={lists.status === 'loading'}
            ref={listRef}
          >
            {lists.status === 'loading' && (
              <>
                <MutePlaceholders />
                <span className="sr-only" role="status">
                  {t('loading')}
                </span>
              </>
            )}
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
                openId={openMute?.id ?? null}
                checked={tab === 'active' ? selection.ids : null}
                customerName={customerName}
                onOpen={(mute, index) => {
                  setCursor(index);
                  setPanel({ kind: 'mute', mute });
                }}
                onToggle={selection.toggle}
                onFocusRow={setCursor}
                selectLabel={selectLabel}
              />
            )}
          </div>
          <p className="muted mutes-page__keys">{canChange ? t('keys') : t('keysReadOnly')}</p>
        </div>
        {panel && (
          <aside className="card mutes-page__panel" aria-labelledby={`${uid}-panel-title`}>
            <MutePanel
              key={panel.kind === 'new' ? `new-${panel.serial}` : panel.mute.id}
              titleId={`${uid}-panel-title`}
              mute={panel.kind === 'new' ? null : openMute}
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
