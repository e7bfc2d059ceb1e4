/**
 * Keyboard events as chords (`g`, `shift+j`, `mod+k`, `esc`, `/`, `?`), the notation of the
 * command registry (src/web/commands/registry.ts).
 */

const NAMED: Record<string, string> = { Escape: 'esc', Esc: 'esc', Enter: 'enter' };

/** The chord of a key press; null for lone modifiers and keys the console does not bind. */
export function chordOf(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  const { key } = event;
  if (key === 'Shift' || key === 'Control' || key === 'Meta' || key === 'Alt') return null;
  const mod = event.ctrlKey || event.metaKey;
  const prefix = `${mod ? 'mod+' : ''}${event.altKey ? 'alt+' : ''}`;
  const named = NAMED[key];
  if (named) return `${prefix}${event.shiftKey ? 'shift+' : ''}${named}`;
  if (key.length !== 1) return null;
  // Letters carry shift (shift+j); symbols are what the layout produced (? is shift+/ on many).
  if (/^[a-z]$/i.test(key)) return `${prefix}${event.shiftKey ? 'shift+' : ''}${key.toLowerCase()}`;
  return `${prefix}${key}`;
}

/** Whether the element takes typed text: then keys are text, not shortcuts. */
export function isTextEntry(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || element.closest('[contenteditable=""], [contenteditable="true"]'))
    return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
      element.type,
    );
  }
  return element.getAttribute('role') === 'textbox' || element.getAttribute('role') === 'combobox';
}

/** An open modal dialog, native or ARIA (the palette and the `?` overlay are ones too). */
const MODAL_OPEN =
  'dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/** Whether a modal dialog is open: it owns the keys, and the screen behind it is inert. */
export function modalDialogOpen(): boolean {
  return typeof document !== 'undefined' && document.querySelector(MODAL_OPEN) !== null;
}

/** Whether Enter on the element already means something (a button, a link, a menu item). */
export function isActivatable(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return Boolean(
    element.closest(
      'a[href], button, summary, [role="button"], [role="link"], [role="menuitem"], [role="tab"]',
    ),
  );
}

/** A key as a keycap: `mod+k` → ['Ctrl', 'K'] (['⌘', 'K'] on a Mac), `shift+j` → ['Shift', 'J']. */
export function chordParts(
  chord: string,
  mac: boolean,
  names: { esc: string; enter: string; shift: string; ctrl: string },
) {
  const parts = chord === '+' ? ['+'] : chord.split('+');
  return parts.map((part) => {
    switch (part) {
      case 'mod':
        return mac ? '⌘' : names.ctrl;
      case 'shift':
        return names.shift;
      case 'alt':
        return mac ? '⌥' : 'Alt';
      case 'esc':
        return names.esc;
      case 'enter':
        return names.enter;
      default:
        return part.length === 1 ? part.toUpperCase() : part;
    }
  });
}

export const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
