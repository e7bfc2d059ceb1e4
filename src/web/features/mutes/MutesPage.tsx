import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mute, MuteOpening } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { listSelection } from '../../commands/target.ts';
import {
  ListGrid,
  ListHeader,
  ListPaging,
  useClientRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { SelectionBar } from '../../components/SelectionBar.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useCan } from '../../session/use-can.ts';
import { useSession } from '../../session/use-session.ts';
import {
  useIsActivePage,
  useSelectedCustomers,
  useShellData,
  useTickerEvent,
  useToasts,
} from '../../shell/index.ts';
import { MUTES_AREA } from './api.ts';
import type { MutesCommandTarget } from './command-target.ts';
import { MutePanel, type PanelRequests } from './MutePanel.tsx';
import { MutePlaceholders } from './MutePlaceholders.tsx';
import { type MuteTab, MuteTabs } from './MuteTabs.tsx';
import './mutes.css';
import { useConditionsText, useMuteColumns } from './use-mute-columns.tsx';
import { useMuteLists } from './use-mute-lists.ts';

type Panel = { kind: 'new'; serial: number } | { kind: 'mute'; mute: Mute } | null;

const NO_MUTES: readonly Mute[] = [];
const idOf = (mute: Mute) => mute.id;
const dataOf = (mute: Mute) => ({ 'mute-id': mute.id });

/**
 * /alerts/muted (spec 2, sections 2 "Alert mutes", 4 and 9): the active and the inactive mutes
 * (expired ones with their state) of the selected customers, a details panel, editing, unmuting
 * and new mutes. The tabs hold a kit list each: every column sorts, page sizes from
 * `default_page_size`. Keys (the registry's list keys): j/k move, x selects active mutes (Shift
 * extends) for `>unmute`, Enter opens, Esc clears the selection, closes the details or goes
 * back, n writes a new mute. Opening a row or a new mute over a form with unsaved changes asks
 * first, as leaving does (the panel's machine holds the question).
 */
export function MutesPage(_: ScreenProps) {
  const { t } = useTranslation('mutes');
  const { t: common } = useTranslation();
  const session = useSession();
  const active = useIsActivePage();
  const { notify } = useToasts();
  const { selected } = useSelectedCustomers();
  const { customers } = useShellData();
  const conditionsText = useConditionsText();
  const invalidate = useInvalidatePaths();
  const [tab, setTab] = useState<MuteTab>('active');
  const [panel, setPanel] = useState<Panel>(null);
  const canChange = useCan()('createMute');
  // Cached pages stay mounted: ids must be unique per page instance.
  const uid = useId();
  const lists = useMuteLists(selected);
  const controls = useListControls();
  const customerName = useCallback(
    (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id,
    [customers],
  );
  const newCustomer =
    selected.length === 1 ? selected[0]! : customers.length === 1 ? customers[0]!.customer_id : '';
  const reload = useCallback(() => void invalidate(MUTES_AREA), [invalidate]);

  const openMute =
    panel?.kind === 'mute'
      ? ([...(lists.data?.active ?? []), ...(lists.data?.inactive ?? [])].find(
          (m) => m.id === panel.mute.id,
        ) ?? panel.mute)
      : null;
  // What the panel shows next: the open panel's machine agreed (asking over unsaved changes), or none was open.
  const show = useCallback(
    (opening: MuteOpening) =>
      setPanel((p) =>
        opening.kind === 'new'
          ? { kind: 'new', serial: p?.kind === 'new' ? p.serial + 1 : 1 }
          : { kind: 'mute', mute: opening.mute },
      ),
    [],
  );
  const panelRequests: PanelRequests = useRef(null);
  const openId = useRef<string | null>(null);
  openId.current = panel?.kind === 'mute' ? panel.mute.id : null;
  // A row or a new mute goes through the open panel; the mute already open stays as it is, form and all.
  const request = useCallback(
    (opening: MuteOpening) => {
      const ask = panelRequests.current;
      if (ask && !(opening.kind === 'mute' && opening.mute.id === openId.current)) ask.open(opening);
      else show(opening);
    },
    [show],
  );
  const openRow = useCallback((mute: Mute) => request({ kind: 'mute', mute }), [request]);
  const columns = useMuteColumns({ tab, openId: openMute?.id ?? null, onOpen: openRow, customerName });
  const shown = lists.data ? lists.data[tab] : NO_MUTES;
  const { pageRows, total } = useClientRows(shown, columns, controls);
  const startNew = () => request({ kind: 'new' });

  // Only active mutes can be unmuted, so only they can be selected and offered to the palette.
  const list = useList<Mute, string>({
    rows: pageRows,
    rowId: idOf,
    selectable: tab === 'active',
    onOpen: openRow,
    onBack: () => {
      if (panel) {
        // Esc from inside a form being written is the form's (its Cancel button says so).
        if (document.activeElement?.closest('.mutes-page__panel form')) return false;
        // From the list, a form closes as its Cancel does: asking first over unsaved changes.
        if (panelRequests.current?.close()) return true;
        setPanel(null);
        focusCursorRow();
        return true;
      }
      window.history.back();
      return true;
    },
    ...(canChange && { onNew: startNew }),
    ...(tab === 'active' && {
      target: ({ ids, focused }): MutesCommandTarget => ({
        kind: 'mutes',
        ...listSelection(new Set(ids), focused, pageRows),
        canChange,
        refresh: reload,
      }),
    }),
  });
  const focusCursorRow = () => {
    if (list.cursor === null) return;
    list.grid.current
      ?.querySelector<HTMLElement>(`[data-row-index="${list.cursor}"] [data-list-name]`)
      ?.focus();
  };

  // Another tab starts at its top, on its first page, with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the tab changes
  useEffect(() => {
    list.setCursor(null);
    list.clear();
    controls.restart();
  }, [tab]);

  useTickerEvent('refresh', () => {
    if (active && lists.status !== 'loading') lists.reload();
  });
  // Back on the screen (a cached page shown again): what it shows is read again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) lists.reload();
    wasActive.current = active;
  }, [active, lists.reload]);
  const failed = lists.status === 'error';
  useEffect(() => {
    if (failed) notify({ severity: 'danger', title: t('errors.load'), message: common('tryAgainLater') });
  }, [failed, notify, t, common]);

  const selectedCount = list.selected.size;
  const gridLabel = useMemo(
    () => (tab === 'active' ? t('list.activeLabel') : t('list.inactiveLabel')),
    [t, tab],
  );

  return (
    <div className="page-body list-page mutes-page">
      <ListHeader
        title={t('title')}
        count={t('subtitle')}
        actions={
          canChange ? (
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
          )
        }
      />
      {/* Two panes only while a mute is open: the list has the whole width otherwise. */}
      <div className={panel ? 'two-panes' : undefined}>
        <div className="mutes-page__lists">
          <MuteTabs
            idPrefix={`${uid}-tab`}
            tab={tab}
            onChange={setTab}
            counts={{
              active: lists.data ? lists.data.active.length : null,
              inactive: lists.data ? lists.data.inactive.length : null,
            }}
          />
          {selectedCount > 0 && (
            <SelectionBar
              label={t('list.selected', { count: selectedCount })}
              clearLabel={t('list.clearSelection')}
              onClear={list.clear}
              hint={canChange ? t('list.selectionHint') : null}
            />
          )}
          <div
            id={`${uid}-tab-panel`}
            role="tabpanel"
            aria-labelledby={`${uid}-tab-${tab}`}
            aria-busy={lists.status === 'loading'}
          >
            <LoadedContent
              load={lists}
              empty={lists.status === 'ready' && shown.length === 0}
              labels={{
                empty: tab === 'active' ? t('list.noneActive') : t('list.noneInactive'),
                loadFailed: t('errors.load'),
                retry: t('retry'),
                loading: t('loading'),
              }}
              before={lists.status === 'loading' && <MutePlaceholders />}
              className="list-page__rows"
            >
              {lists.status === 'ready' && (
                <>
                  <ListGrid
                    label={gridLabel}
                    columns={columns}
                    rows={pageRows}
                    rowData={dataOf}
                    list={list}
                    controls={controls}
                    selectLabel={(mute: Mute) => t('list.selectRow', { conditions: conditionsText(mute) })}
                    rowCount={total}
                    firstIndex={(controls.page - 1) * controls.pageSize}
                  />
                  <ListPaging paging={{ kind: 'numbered', total }} controls={controls} />
                </>
              )}
            </LoadedContent>
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
                reload();
                if (operation === 'create') {
                  setTab('active');
                  setPanel({ kind: 'mute', mute });
                }
              }}
              onClosed={() => setPanel(null)}
              onOpen={show}
              panelRequests={panelRequests}
            />
          </aside>
        )}
      </div>
    </div>
  );
}
