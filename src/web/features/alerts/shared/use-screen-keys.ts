import { useEffect, useRef } from 'react';
import { modalDialogOpen } from '../../../keyboard/keys.ts';
import { useIsActivePage } from '../../../shell/index.ts';

/** Whether a key press belongs to a field or a dialog rather than to the screen's shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="dialog"], [role="menu"], [role="listbox"], .popover')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/**
 * The alert list's own keys (DESIGN section 7; the other screens' keys are in the command
 * registry, through src/web/keyboard/use-list-keys.ts and use-screen-keys.ts). `onKey` gets each
 * key press (event.key, so 'J' is Shift+j) and returns whether it handled it. Keys reach it while
 * the screen is the visible page, not while a field or a dialog has focus, and never with Ctrl,
 * Cmd or Alt (those belong to the browser and the command palette).
 */
export function useScreenKeys(onKey: (event: KeyboardEvent) => boolean, enabled = true) {
  const active = useIsActivePage();
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    if (!active || !enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (modalDialogOpen()) return;
      if (latest.current(event)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, enabled]);
}
