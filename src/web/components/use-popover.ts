import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open state of a popover anchored to a trigger button: a press outside closes it, focus that
 * leaves both closes it, and close() returns focus to the trigger (keyboard users stay put).
 */
export function usePopover<TPanel extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<TPanel>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && (panelRef.current?.contains(target) || triggerRef.current?.contains(target))) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  /** For the panel's onBlur: closes when focus moved outside the panel and the trigger. */
  const onPanelBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next) return;
    if (panelRef.current?.contains(next) || triggerRef.current?.contains(next)) return;
    setOpen(false);
  }, []);

  return { open, setOpen, close, triggerRef, panelRef, onPanelBlur };
}
