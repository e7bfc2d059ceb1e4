import '../../src/web/i18n/index.ts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Notification } from '../../machines/toasts/toasts.context.ts';
import { ToastsProvider, useToastsActor } from '../../src/web/shell/toasts/ToastsProvider.tsx';
import { inEnglish } from './english.ts';
import { expectSignIn, SignedIn, untilSignedIn } from './signed-in-session.tsx';

/**
 * Renders one of the web app's hooks (a feature's machine with its real actors) the way its page
 * does, inside the shell's toasts and a router at `path`, and gives the test what a person would
 * see: the toasts raised and the address. The real session provider is around it: sign in on the
 * fake network first (tests/helpers/signed-in-session.tsx: `signIn(network)`); the hook runs
 * once the user is loaded.
 */
export async function renderAppHook<T>(
  hook: () => T,
  {
    path = '/',
    around = (children) => children,
  }: {
    path?: string;
    /** Providers of the shell the hook needs besides the toasts (the customer filter, say). */
    around?: (children: ReactNode) => ReactNode;
  } = {},
) {
  await inEnglish();
  const location = memoryLocation({ path, record: true });
  let toasts: ReturnType<typeof useToastsActor> | null = null;
  function ToastsProbe() {
    toasts = useToastsActor();
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook}>
      <SignedIn>
        <ToastsProvider>
          <ToastsProbe />
          {around(children)}
        </ToastsProvider>
      </SignedIn>
    </Router>
  );
  expectSignIn();
  const rendered = renderHook(hook, { wrapper });
  await untilSignedIn();
  return {
    ...rendered,
    /** The toasts raised so far, oldest first, as title and message. */
    toasts: (): Pick<Notification, 'severity' | 'title' | 'message'>[] =>
      (toasts?.getSnapshot().context.history ?? []).map(({ severity, title, message }) => ({
        severity,
        title,
        message,
      })),
    /** The addresses the router went to, the first being where it started. */
    history: () => [...location.history],
    /** Runs `work` inside React's act, so effects it causes have run when it returns. */
    act: async (work: () => Promise<void> | void) => {
      await act(async () => {
        await work();
      });
    },
  };
}
