import { chordOf, isTextEntry, modalDialogOpen } from './keys.ts';

/** Spec: `g` then a letter within 1 s (DESIGN section 7). */
export const SEQUENCE_TIMEOUT_MS = 1_000;

export type Layer = 'palette' | 'help' | null;

/** What the dispatcher does with keys; supplied by the command layer. */
export interface DispatcherHost {
  /** The open layer. */
  layer(): Layer;
  openPalette(): void;
  closeLayer(): void;
  openHelp(): void;
  /** `g` + letter: navigates and returns true when the letter leads somewhere the user may go. */
  go(letter: string): boolean;
  now(): number;
}

/** A screen's keys (useListKeys, useScreenKeys); true when it used the chord. */
export type ListHandler = (chord: string, event: KeyboardEvent) => boolean;

/** The element of the palette's own input: `/` there (when empty) closes the palette. */
export const PALETTE_INPUT_ATTRIBUTE = 'data-palette-input';

const isPaletteInput = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.hasAttribute(PALETTE_INPUT_ATTRIBUTE);

function consume(event: KeyboardEvent) {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * The console's single key dispatcher (DESIGN section 7). It listens on the window in the
 * capture phase for the global keys, before any screen: `/` and Ctrl/Cmd+K open the palette
 * (a second `/` in the empty palette closes it; Ctrl/Cmd+K toggles it from anywhere), `?` the
 * shortcut overlay, `g` + letter navigates, Esc closes the open layer. Keys typed into text
 * fields are left alone, except in the palette's own input, and so is every key while a modal
 * dialog of a screen is open: it keeps them until it closes. A screen's keys (j, k, x… on lists,
 * s, p… on an alert) go to the innermost screen in the bubble phase, after the focused control
 * had its chance (a menu that closes on Esc, a button that takes Enter).
 */
export function createDispatcher(host: DispatcherHost) {
  let pendingG: number | null = null;
  const lists: ListHandler[] = [];

  function onCapture(event: KeyboardEvent) {
    if (event.isComposing || event.repeat) return;
    const chord = chordOf(event);
    if (chord === null) return;
    const layer = host.layer();
    if (layer === null && modalDialogOpen()) {
      pendingG = null;
      return;
    }

    if (chord === 'mod+k') {
      consume(event);
      pendingG = null;
      if (layer === 'palette') host.closeLayer();
      else host.openPalette();
      return;
    }
    if (layer === 'palette') {
      if (chord === 'esc') {
        consume(event);
        host.closeLayer();
      } else if (
        chord === '/' &&
        isPaletteInput(event.target) &&
        (event.target as HTMLInputElement).value === ''
      ) {
        consume(event);
        host.closeLayer();
      }
      return;
    }
    if (layer === 'help') {
      if (chord === 'esc' || chord === '?') {
        consume(event);
        host.closeLayer();
      } else if (chord === '/') {
        consume(event);
        host.openPalette();
      }
      return;
    }

    if (isTextEntry(event.target)) {
      pendingG = null;
      return;
    }
    if (pendingG !== null) {
      const fresh = pressedAt(event) - pendingG <= SEQUENCE_TIMEOUT_MS;
      pendingG = null;
      if (fresh && /^[a-z]$/.test(chord)) {
        // The letter belongs to the sequence even when it leads nowhere: `g r` must never reach
        // the screen as its own `r`.
        host.go(chord);
        consume(event);
        return;
      }
    }
    switch (chord) {
      case 'g':
        consume(event);
        // The letter's time-out runs from when the console took the g, not from when it was
        // pressed: on a page busy for longer than the time-out (charts drawing), a letter typed
        // as soon as the page answers again is still the sequence's.
        pendingG = host.now();
        return;
      case '/':
        consume(event);
        host.openPalette();
        return;
      case '?':
        consume(event);
        host.openHelp();
        return;
    }
  }

  /**
   * When the key was pressed, on the host's clock: a busy page (a large list rendering) handles
   * keys late, and g then a letter typed quickly must still count as one sequence.
   */
  function pressedAt(event: KeyboardEvent): number {
    const age = performance.now() - event.timeStamp;
    // Event times from elsewhere (synthetic events, other clocks) count as pressed now.
    return host.now() - (age > 0 && age < 60_000 ? age : 0);
  }

  function onBubble(event: KeyboardEvent) {
    if (event.defaultPrevented || event.isComposing || host.layer() !== null) return;
    if (isTextEntry(event.target) || modalDialogOpen()) return;
    const chord = chordOf(event);
    const list = lists.at(-1);
    if (chord === null || !list) return;
    if (list(chord, event)) event.preventDefault();
  }

  return {
    onCapture,
    onBubble,
    /** Adds a list's handler; the newest (innermost) list gets the keys. Returns its removal. */
    addList(handler: ListHandler): () => void {
      lists.push(handler);
      return () => {
        const index = lists.lastIndexOf(handler);
        if (index >= 0) lists.splice(index, 1);
      };
    },
    /** Whether a `g` is waiting for its letter (tests, the overlay). */
    pending: () => pendingG !== null && host.now() - pendingG <= SEQUENCE_TIMEOUT_MS,
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

let installed: Dispatcher | null = null;
const waitingLists = new Set<ListHandler>();
const removals = new Map<ListHandler, () => void>();

/** Installs the one dispatcher on the window; returns the uninstall. */
export function installDispatcher(host: DispatcherHost): () => void {
  const dispatcher = createDispatcher(host);
  installed = dispatcher;
  for (const handler of waitingLists) removals.set(handler, dispatcher.addList(handler));
  window.addEventListener('keydown', dispatcher.onCapture, true);
  window.addEventListener('keydown', dispatcher.onBubble);
  return () => {
    window.removeEventListener('keydown', dispatcher.onCapture, true);
    window.removeEventListener('keydown', dispatcher.onBubble);
    if (installed === dispatcher) installed = null;
    for (const remove of removals.values()) remove();
    removals.clear();
  };
}

/** Registers a list's key handler with the dispatcher (now, or once it is installed). */
export function registerListHandler(handler: ListHandler): () => void {
  waitingLists.add(handler);
  if (installed) removals.set(handler, installed.addList(handler));
  return () => {
    waitingLists.delete(handler);
    removals.get(handler)?.();
    removals.delete(handler);
  };
}
