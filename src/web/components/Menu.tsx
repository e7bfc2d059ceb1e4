import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from './Icon.tsx';
import { usePopover } from './use-popover.ts';

/** One entry of a menu: a link inside the console, an external link, an action, or plain text. */
export type MenuEntry =
  | { kind: 'link'; id: string; to: string; label: string; icon?: IconName; end?: ReactNode }
  /** Another site; in a new tab unless newTab is false. */
  | { kind: 'external'; id: string; href: string; label: string; icon?: IconName; newTab?: boolean }
  | { kind: 'action'; id: string; label: string; icon?: IconName; onSelect: () => void }
  | { kind: 'text'; id: string; content: ReactNode }
  | { kind: 'separator'; id: string };

export interface MenuProps {
  /** Accessible name of the trigger. */
  label: string;
  /** What the trigger shows. */
  trigger: ReactNode;
  entries: readonly MenuEntry[];
  className?: string;
}

function renderEntry(entry: MenuEntry, done: () => void): ReactNode {
  switch (entry.kind) {
    case 'separator':
      return <hr key={entry.id} className="menu__separator" />;
    case 'text':
      return (
        <div key={entry.id} className="menu__text">
          {entry.content}
        </div>
      );
    case 'link':
      return (
        <Link
          key={entry.id}
          href={entry.to}
          role="menuitem"
          tabIndex={-1}
          className="menu__item"
          onClick={done}
        >
          {entry.icon && <Icon name={entry.icon} />}
          <span className="menu__label">{entry.label}</span>
          {entry.end}
        </Link>
      );
    case 'external':
      return (
        <a
          key={entry.id}
          href={entry.href}
          target={entry.newTab === false ? undefined : '_blank'}
          rel="noopener noreferrer"
          role="menuitem"
          tabIndex={-1}
          className="menu__item"
          onClick={done}
        >
          {entry.icon && <Icon name={entry.icon} />}
          <span className="menu__label">{entry.label}</span>
          {entry.newTab !== false && <Icon name="external-link" size={12} className="menu__external" />}
        </a>
      );
    case 'action':
      return (
        <button
          key={entry.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="menu__item"
          onClick={() => {
            done();
            entry.onSelect();
          }}
        >
          {entry.icon && <Icon name={entry.icon} />}
          <span className="menu__label">{entry.label}</span>
        </button>
      );
  }
}

const items = (panel: HTMLElement | null) => [
  ...(panel?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus; Tab leaves.
 */
export function Menu({ label, trigger, entries, className }: MenuProps) {
  const { open, setOpen, close, triggerRef, panelRef, onPanelBlur } = usePopover<HTMLDivElement>();
  const menuId = useId();
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    const list = items(panelRef.current);
    (focusOnOpen.current === 'first' ? list[0] : list.at(-1))?.focus();
  }, [open, panelRef]);

  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items(panelRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
    else if (event.key === ' ' && index >= 0) {
      event.preventDefault();
      list[index]?.click();
    }
  };

  const done = () => close(false);

  return (
    <div className={`menu ${className ?? ''}`}>
      <button
        ref={triggerRef}
        type="button"
        className="menu__trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="menu__panel"
          onKeyDown={onMenuKeyDown}
          onBlur={onPanelBlur}
        >
          {entries.map((entry) => renderEntry(entry, done))}
        </div>
      )}
    </div>
  );
}
