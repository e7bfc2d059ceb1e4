import { act, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { useEffect } from 'react';
import type { components } from '../../src/api/schema.d.ts';
import { SessionProvider, useSession } from '../../src/web/session/SessionProvider.tsx';
import { SESSION_KEY } from '../../src/web/session/storage.ts';
import { currentUser } from './current-user.ts';
import { apiError, type FakeNetwork, settleMicrotasks } from './fake-network.ts';

type CurrentUser = components['schemas']['CurrentUserResponse'];
type UserAttributes = components['schemas']['UserAttributes'];

export interface SignInOptions {
  /** The user's permissions; an analyst who may read and change everything by default. */
  permissions?: string[];
  /** Whether GET /api/support/v1/meta/tasks answers 200 (the admin check, spec 1 section 4.1). */
  admin?: boolean;
  /** The user's stored preferences; the locale is en-GB unless given. */
  attributes?: UserAttributes;
  /** The impersonating administrator's e-mail, for an impersonated session. */
  impersonator?: string | null;
  /** Other fields of the user and its partner. */
  user?: Partial<CurrentUser['user']>;
  partner?: Partial<CurrentUser['partner']>;
  /** The access token stored in the browser. */
  token?: string;
}

export const ANALYST_PERMISSIONS = ['global_user', 'read_all', 'modify_all'];

/**
 * Signs a user in the way a returning visitor is: the token sits in browser storage where
 * src/web/session/storage.ts reads it, and the fake network answers what the session machine
 * asks on start (the user and the admin check). Settings saved with PUT are echoed back merged,
 * as the server does. Returns the user the server answers with.
 */
export function signIn(network: FakeNetwork, options: SignInOptions = {}): CurrentUser {
  const { permissions = ANALYST_PERMISSIONS, admin = false, token = 'token-1' } = options;
  const impersonator = options.impersonator ? { email: options.impersonator } : null;
  const base = currentUser({ impersonator, ...options.user }, permissions);
  const me: CurrentUser = {
    ...base,
    partner: { ...base.partner, ...options.partner },
    attributes: { locale: 'en-GB', ...options.attributes },
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: { access_token: token } }));
  network.on('get', '/api/user/', () => ({ status: 200 as const, body: me }));
  network.on(
    'get',
    '/api/support/v1/meta/tasks',
    admin ? { status: 200, body: { tasks: [] } } : apiError(403, 'Not an administrator'),
  );
  network.on('put', '/api/portal/v1/settings/', (call) => {
    me.attributes = { ...me.attributes, ...call.body };
    return { status: 200 as const, body: me.attributes };
  });
  return me;
}

/** Renders the children once the session is loaded, as the app's route guard does. */
function WhenReady({ children, onReady }: { children: ReactNode; onReady?: () => void }) {
  const { status } = useSession();
  useEffect(() => {
    if (status === 'ready') onReady?.();
  }, [status, onReady]);
  return status === 'ready' ? children : null;
}

let ready = false;
const markReady = () => {
  ready = true;
};

/** The real session provider around `children`, which appear once the user is loaded. */
export function SignedIn({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <WhenReady onReady={markReady}>{children}</WhenReady>
    </SessionProvider>
  );
}

/** Call before rendering <SignedIn>: forgets the previous render's sign-in. */
export function expectSignIn(): void {
  ready = false;
}

/**
 * Waits until the <SignedIn> rendered last has loaded its user and shows its children. Lets the
 * answered requests settle inside act rather than polling on a timer, so it costs no wall time
 * (the timers must be real: sign in before faking them).
 */
export async function untilSignedIn(): Promise<void> {
  for (let round = 0; round < 50 && !ready; round++) {
    await act(async () => {
      await settleMicrotasks(2);
    });
  }
  if (!ready) throw new Error('the session did not load: did the test call signIn(network)?');
}

/** Renders `ui` inside <SignedIn> (rerenders keep it there) once the user is loaded. */
export async function renderSignedIn(ui: ReactElement) {
  expectSignIn();
  const view = render(ui, { wrapper: SignedIn });
  await untilSignedIn();
  return view;
}
