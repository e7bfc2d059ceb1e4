import { useEffect, useRef } from 'react';
import { isTextEntry, modalDialogOpen } from '../../../keyboard/keys.ts';

/** The classic: up, up, down, down, left, right, left, right, b, a. */
export const SECRET_SEQUENCE = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
] as const;

/**
 * Calls `onFound` when the sequence is typed on the page (not in a field, not under a dialog).
 * Arrow keys are not chords of the console's dispatcher, so this listens on the window itself;
 * it never takes a key from anyone (the arrows still scroll), and listens only while `enabled`.
 */
export function useSecretSequence(enabled: boolean, onFound: () => void) {
  const latest = useRef(onFound);
  latest.current = onFound;
  useEffect(() => {
    if (!enabled) return;
    let at = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTextEntry(event.target) || modalDialogOpen()) {
        at = 0;
        return;
      }
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      at = key === SECRET_SEQUENCE[at] ? at + 1 : key === SECRET_SEQUENCE[0] ? 1 : 0;
      if (at === SECRET_SEQUENCE.length) {
        at = 0;
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** Whether the person asked their system for reduced motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
