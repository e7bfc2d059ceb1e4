import type { KeyboardEvent, ReactNode } from 'react';

export interface TabListProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly T[];
  selected: T;
  onChange(tab: T): void;
  /** The id of each tab; its panel is labelled by it. */
  tabId(tab: T): string;
  /** The id of the panel each tab controls. */
  panelId(tab: T): string;
  /** What each tab shows (its name, a count). */
  children(tab: T): ReactNode;
  className?: string;
}

/**
 * Tabs as WAI-ARIA describes them: one tab in the Tab order, the arrows move and select (wrapping
 * round), Home and End go to the first and last. Styled by `.tab-list` (styles/controls.css).
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onChange,
  tabId,
  panelId,
  children,
  className,
}: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.indexOf(selected);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    const next = tabs[to]!;
    onChange(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div className={`tab-list${className ? ` ${className}` : ''}`} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          className={`tab-list__tab${tab === selected ? ' is-selected' : ''}`}
          onClick={() => onChange(tab)}
          onKeyDown={onKeyDown}
        >
          {children(tab)}
        </button>
      ))}
    </div>
  );
}
