import type { components } from '../../src/api/schema.d.ts';

/** Session fixtures; the network itself is fake-network.ts (re-exported for the session tests). */
export { callsTo, json, requests, resetNetwork, route } from './fake-network.ts';

export const AUTH_CONFIG: components['schemas']['AuthConfig'] = {
  authorization_endpoint: 'http://localhost:3000/idp/auth',
  end_session_endpoint: 'http://localhost:3000/idp/session/end',
  client_id: 'watchfloor-console',
  scope: 'openid email profile roles watchfloor',
  issuer: 'http://localhost:3000/idp',
};

export function currentUser(
  overrides: Partial<components['schemas']['CurrentUserResponse']['user']> = {},
  permissions: string[] = ['global_user', 'read_all', 'read_integration'],
): components['schemas']['CurrentUserResponse'] {
  return {
    user: {
      contact_id: '00000000-0000-4000-8000-000000000001',
      email: 'analyst@watchfloor.example',
      name: 'Ana Lyst',
      role_level: 'Global',
      admin: false,
      impersonator: null,
      ...overrides,
    },
    partner: {
      partner_id: '00000000-0000-4000-8000-0000000000aa',
      name: 'MSSP',
      created_source: null,
      data: {},
      return_url: null,
    },
    permissions,
    attributes: { locale: 'en-GB' },
  };
}

export const token = (access_token: string): components['schemas']['Token'] => ({
  access_token,
  token_type: 'Bearer',
  expires_in: 3600,
});

/** The stored session object, as the browser keeps it. */
export const stored = () =>
  JSON.parse(localStorage.getItem('watchfloor.session') ?? '{}') as Record<string, unknown>;
