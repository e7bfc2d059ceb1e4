import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useIsActivePage } from '../../shell/navigation/active-page.ts';
import { ConfirmLeaveDialog } from './ConfirmLeaveDialog.tsx';
import { navigateAnyway, useLeaveGuard } from './use-leave-guard.ts';

export interface UnsavedChanges {
  /**
   * Runs `leave` at once when nothing is unsaved, else asks first and runs it only on "Leave".
   * A dialog passes its close through this (Esc, Cancel).
   */
  guard(leave: () => void): void;
  /** The question, while it is asked: render it beside the form. */
  prompt: ReactNode;
}

/**
 * A leave question a machine asks and answers itself (its leave region), so its model holds the
 * whole flow: the guard reports a navigation away and shows the question while the machine asks.
 */
export interface HeldLeave {
  /** Someone tried to go to `to` while something was unsaved. */
  request(to: string, replace: boolean): void;
  /** The question is being asked. */
  asking: boolean;
  leave(): void;
  stay(): void;
}

/**
 * THE unsaved-changes guard of every form and dialog (spec 2, section 4: leaving with unsaved
 * changes asks for confirmation). While `dirty`, leaving the page (a link, the sidebar, a `g`
 * key, the palette, Back) asks first, and so does closing a dialog through `guard` (Esc, Cancel).
 * Saving is not leaving: a form that closes itself after a save calls its close directly.
 * With `held`, a navigation is the machine's to ask about, and the question is the machine's.
 */
export function useUnsavedChanges(dirty: boolean, message?: string, held?: HeldLeave): UnsavedChanges {
  const [, navigate] = useLocation();
  const active = useIsActivePage();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const latestDirty = useRef(dirty);
  latestDirty.current = dirty;

  useLeaveGuard(dirty && active, (to, replace) => {
    if (held) held.request(to, replace);
    else setPending(() => () => navigateAnyway(navigate, to, replace));
  });

  const guard = useCallback((leave: () => void) => {
    if (latestDirty.current) setPending(() => leave);
    else leave();
  }, []);

  const prompt = held?.asking ? (
    <ConfirmLeaveDialog message={message} onStay={held.stay} onLeave={held.leave} />
  ) : pending ? (
    <ConfirmLeaveDialog
      message={message}
      onStay={() => setPending(null)}
      onLeave={() => {
        setPending(null);
        pending();
      }}
    />
  ) : null;
  return { guard, prompt };
}

/**
 * Whether `value` differs from `baseline` (compared as JSON: plain form values). Pass the saved
 * values as the baseline, so a form is clean again once what was typed is saved.
 */
export function changedFrom(value: unknown, baseline: unknown): boolean {
  return JSON.stringify(value) !== JSON.stringify(baseline);
}
