import '../../src/web/i18n/index.ts';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SelectedCustomersProvider } from '../../src/web/shell/customers/SelectedCustomersProvider.tsx';
import type { Customer } from '../../src/web/shell/data/load.ts';
import {
  EMPTY_SHELL_DATA,
  type ShellData,
  ShellDataContext,
} from '../../src/web/shell/data/ShellDataProvider.tsx';
import { TickerProvider } from '../../src/web/shell/ticker/TickerProvider.tsx';
import { ToastsProvider } from '../../src/web/shell/toasts/ToastsProvider.tsx';
import { inEnglish } from '../helpers/english.ts';
import { expectSignIn, SignedIn, untilSignedIn } from '../helpers/signed-in-session.tsx';

/** Tests read English UK texts. */
await inEnglish();

export function customer(name: string, id: string, hasSubscription = true): Customer {
  return {
    customer_id: id,
    name,
    has_subscription: hasSubscription,
    created_time: '2025-01-01T00:00:00Z',
    modified_time: '2025-01-01T00:00:00Z',
  };
}

export interface ShellOptions {
  path?: string;
  /** The shell data; lists `loaded` does not name have not arrived. */
  data?: Partial<Omit<ShellData, 'loaded'>> & { loaded?: Partial<ShellData['loaded']> };
  /**
   * On the browser's own history at `path` instead of a memory location: what the unsaved-changes
   * guard watches (history.pushState and popstate), which a memory location would bypass.
   */
  browserHistory?: boolean;
}

/**
 * Renders inside the real session provider and the shell's providers, with the shell data given
 * instead of loaded; resolves once the session is loaded and `ui` shows. Sign in first
 * (tests/helpers/signed-in-session.tsx: `signIn(network, …)`).
 */
export async function renderInShell(
  ui: ReactElement,
  { path = '/', data = {}, browserHistory = false }: ShellOptions = {},
) {
  const location = memoryLocation({ path, record: true });
  if (browserHistory && window.location.pathname !== path) history.replaceState(null, '', path);
  const value: ShellData = {
    ...EMPTY_SHELL_DATA,
    ...data,
    loaded: { ...EMPTY_SHELL_DATA.loaded, ...data.loaded },
  };
  const providers = (children: ReactNode) => (
    <SignedIn>
      <TickerProvider>
        <SelectedCustomersProvider>
          <ShellDataContext.Provider value={value}>
            <ToastsProvider>{children}</ToastsProvider>
          </ShellDataContext.Provider>
        </SelectedCustomersProvider>
      </TickerProvider>
    </SignedIn>
  );
  const wrapper = ({ children }: { children: ReactNode }) =>
    browserHistory ? providers(children) : <Router hook={location.hook}>{providers(children)}</Router>;
  expectSignIn();
  const view = render(ui, { wrapper });
  await untilSignedIn();
  return { ...view, location };
}
