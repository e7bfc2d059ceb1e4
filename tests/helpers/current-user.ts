import type { components } from '../../src/api/schema.d.ts';

type CurrentUser = components['schemas']['CurrentUserResponse'];

/** GET /api/user/current's answer for the analyst of the tests, with what a test changes. */
export function currentUser(
  overrides: Partial<CurrentUser['user']> = {},
  permissions: string[] = ['global_user', 'read_all', 'read_integration'],
  locale: CurrentUser['attributes']['locale'] = 'en-GB',
): CurrentUser {
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
    attributes: { locale },
  };
}
