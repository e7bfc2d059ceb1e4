import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { exchangeToken, getAuthConfig, logout } from './handlers.ts';

/** Sign-in (spec 1, section 4.1): the IdP's public settings, the code exchange and logout. */
export const authHandlers: Handlers<'getAuthConfig' | 'exchangeToken' | 'logout'> = {
  getAuthConfig,
  exchangeToken,
  logout,
};

export const authArea = defineArea({
  name: 'auth',
  handlers: authHandlers,
});
