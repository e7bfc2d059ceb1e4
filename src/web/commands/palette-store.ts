import { useSyncExternalStore } from 'react';

/** Which keyboard layer is open: the command palette, the `?` overlay, or neither. */
export type Overlay = 'palette' | 'help' | null;

let overlay: Overlay = null;
/** Where focus was when a layer opened; it goes back there on close (no keyboard trap). */
let returnFocus: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: Overlay) {
  if (next === overlay) return;
  if (overlay === null && next !== null) {
    const active = document.activeElement;
    returnFocus = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  overlay = next;
  for (const listener of listeners) listener();
  if (next === null) restoreFocus();
}

function restoreFocus() {
  const target = returnFocus;
  returnFocus = null;
  // After React has removed the layer, so its own focus handling does not win.
  queueMicrotask(() => {
    if (target?.isConnected) target.focus();
    else document.querySelector<HTMLElement>('#main')?.focus();
  });
}

/** The open layer, shared by the top-bar trigger, the key dispatcher and the layers. */
export const overlayStore = {
  get: (): Overlay => overlay,
  open: (next: Exclude<Overlay, null>) => set(next),
  close: () => set(null),
  toggle: (next: Exclude<Overlay, null>) => set(overlay === next ? null : next),
  /** Closes for a navigation: focus goes to the new page's main area, not back to the old page. */
  closeForNavigation: () => {
    returnFocus = document.querySelector<HTMLElement>('#main');
    if (overlay === null) {
      restoreFocus();
      return;
    }
    overlay = null;
    for (const listener of listeners) listener();
    restoreFocus();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useOverlay(): Overlay {
  return useSyncExternalStore(overlayStore.subscribe, overlayStore.get, overlayStore.get);
}
