import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { collapsedSelection } from '../../components/collapsed-selection.ts';
import { Icon } from '../../components/Icon.tsx';
import { usePopover } from '../../components/use-popover.ts';
import { useShellData } from '../data/ShellDataProvider.tsx';
import { CustomerList } from './CustomerList.tsx';
import { customerLabel, filterCustomers } from './filter-customers.ts';
import { useSelectedCustomers } from './SelectedCustomersProvider.tsx';

/**
 * The top bar's customer filter (spec 1, section 2.4): a searchable, multi-select list of the
 * customers every view is filtered to. Enter or Space opens it in the search box; ArrowDown goes
 * to the list, where arrows move and Space or Enter toggles; Escape closes and returns focus.
 */
export function CustomerFilter() {
  const { t } = useTranslation('shell');
  const { customers, loaded, knowledgeBaseUrl } = useShellData();
  const { selected, toggle, clear } = useSelectedCustomers();
  const { open, setOpen, close, triggerRef, panelRef, onPanelBlur } = usePopover<HTMLDivElement>();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const matches = useMemo(() => filterCustomers(customers, query), [customers, query]);

  useEffect(() => {
    if (open) searchRef.current?.focus();
    else setQuery('');
  }, [open]);

  const summary = useMemo(() => {
    if (selected.length === 0) return t('customers.all');
    const names = customers.filter((c) => selected.includes(c.customer_id)).map((c) => customerLabel(c.name));
    // Until the customers are loaded only the count is known.
    return names.length > 0
      ? collapsedSelection(names)
      : t('customers.selectedCount', { count: selected.length });
  }, [customers, selected, t]);

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && matches.length > 0) {
      event.preventDefault();
      setActive(0);
      listRef.current?.focus();
    } else if (event.key === 'Enter' && matches.length > 0) {
      event.preventDefault();
      toggle(matches[Math.min(active, matches.length - 1)]!.customer_id);
    }
  };

  return (
    <div className="customer-filter">
      <button
        ref={triggerRef}
        type="button"
        className="topbar__control customer-filter__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('customers.filterLabel', { summary })}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name="filter" />
        <span className="customer-filter__summary">{summary}</span>
        {selected.length > 0 && <span className="customer-filter__dot" aria-hidden="true" />}
        <Icon name="chevron-down" size={14} />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={t('customers.dialogLabel')}
          className="popover customer-filter__panel"
          onKeyDown={onPanelKeyDown}
          onBlur={onPanelBlur}
        >
          <div className="customer-filter__search">
            <Icon name="search" />
            <input
              ref={searchRef}
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKeyDown}
              placeholder={t('customers.searchPlaceholder')}
              aria-label={t('customers.searchPlaceholder')}
              aria-controls={`${panelId}-list`}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <CustomerList
            id={`${panelId}-list`}
            listRef={listRef}
            customers={matches}
            loading={!loaded.customers}
            selected={selected}
            active={active}
            onActiveChange={setActive}
            onToggle={toggle}
            onLeaveTop={() => searchRef.current?.focus()}
            knowledgeBaseUrl={knowledgeBaseUrl}
          />
          <div className="customer-filter__footer">
            <span className="muted" aria-live="polite">
              {t('customers.selectedOf', { count: selected.length, total: customers.length })}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={clear}
              disabled={selected.length === 0}
            >
              {t('customers.clear')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
