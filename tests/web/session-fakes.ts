import type { components } from '../../src/api/schema.d.ts';

/** Session fixtures; the network itself is tests/helpers/fake-network.ts. */
export { currentUser } from '../helpers/current-user.ts';

export const AUTH_CONFIG: components['schemas']['AuthConfig'] = {
  authorization_endpoint: 'http://localhost:3000/idp/auth',
  end_session_endpoint: 'http://localhost:3000/idp/session/end',
  client_id: 'watchfloor-console',
  scope: 'openid email profile roles watchfloor',
  issuer: 'http://localhost:3000/idp',
};

export const token = (access_token: string): components['schemas']['Token'] => ({
  access_token,
  token_type: 'Bearer',
  expires_in: 3600,
});

/** The stored session object, as the browser keeps it. */
export const stored = () =>
  JSON.parse(localStorage.getItem('watchfloor.session') ?? '{}') as Record<string, unknown>;
