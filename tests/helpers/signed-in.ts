import type { Session } from '../../src/web/session/types.ts';
import type { Impersonation } from '../../src/web/shell/session-bridge.ts';

/**
 * The shell's session bridge (src/web/shell/session-bridge.ts) for a signed-in analyst, for
 * tests that render a feature's hook without the sign-in around it:
 * `vi.mock('../../src/web/shell/session-bridge.ts', () => import('../helpers/signed-in.ts'))`.
 */
const session = {
  status: 'ready',
  token: 'token-1',
  me: {
    user: {
      admin: false,
      contact_id: '00000000-0000-4000-8000-000000000001',
      email: 'analyst@watchfloor.example',
      impersonator: null,
      name: 'Ana Lyst',
      role_level: 'Global',
    },
    partner: {
      created_source: null,
      data: {},
      name: 'MSSP',
      partner_id: '00000000-0000-4000-8000-0000000000aa',
      return_url: null,
    },
    permissions: ['global_user', 'read_all', 'modify_all'],
    attributes: { locale: 'en-GB' },
  },
} as unknown as Session;

export const useSession = (): Session => session;
export const useImpersonation = (): Impersonation => ({ impersonator: null, end: () => undefined });
