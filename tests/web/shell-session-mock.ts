import { vi } from 'vitest';
import type { CurrentUser, Session, UserAttributes } from '../../src/web/session/types.ts';
import type { Impersonation } from '../../src/web/shell/session-bridge.ts';

/**
 * Stands in for src/web/shell/session-bridge.ts in the shell's component tests:
 * `vi.mock('../../src/web/shell/session-bridge.ts', () => import('./shell-session-mock.ts'))`.
 */

export function makeUser(
  overrides: Partial<CurrentUser['user']> = {},
  partner: Partial<CurrentUser['partner']> = {},
): CurrentUser {
  return {
    user: {
      admin: false,
      contact_id: '00000000-0000-4000-8000-000000000001',
      email: 'Ana.Analyst@Example.com ',
      impersonator: null,
      name: 'Ana Analyst',
      role_level: 'Global',
      ...overrides,
    },
    partner: {
      created_source: null,
      data: {},
      name: 'Northwind MSSP',
      partner_id: '00000000-0000-4000-8000-0000000000aa',
      return_url: null,
      ...partner,
    },
    permissions: ['global_user', 'read_all'],
    attributes: {},
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  const me = overrides.me === undefined ? makeUser() : overrides.me;
  return {
    status: 'ready',
    token: 'token',
    me,
    admin: false,
    permissions: me?.permissions ?? [],
    attributes: (me?.attributes ?? {}) as UserAttributes,
    saveSettings: vi.fn(async () => undefined),
    reloadUser: vi.fn(async () => undefined),
    replaceToken: vi.fn(async () => undefined),
    logout: vi.fn(),
    ...overrides,
  };
}

let current: Session = makeSession();
let impersonation: Impersonation = { impersonator: null, end: vi.fn(async () => undefined) };

export function setSession(session: Session) {
  current = session;
}

export function setImpersonation(next: Impersonation) {
  impersonation = next;
}

export const useSession = () => current;
export const useImpersonation = () => impersonation;
