import { describe, expect, it } from 'vitest';
import { type AccessSubject, denial } from '../../src/common/permissions.ts';
import { mayAccess } from '../../src/web/session/access.ts';

const person = (over: Partial<AccessSubject>): AccessSubject => ({
  staff: false,
  admin: false,
  permissions: [],
  attributes: {},
  ...over,
});
const customerUser = person({});
const staffReader = person({ staff: true, permissions: ['global_user', 'read_all'] });
const staffChanger = person({ staff: true, permissions: ['global_user', 'read_all', 'modify_all'] });
const providerAdmin = person({ staff: true, admin: true, permissions: ['global_user', 'modify_all'] });

describe('an access rule', () => {
  it('asks staff to hold modify_all for a change and lets customer users change their own', () => {
    const rule = { modify: true, what: 'change mutes' };
    expect(denial(rule, customerUser)).toBeNull();
    expect(denial(rule, staffChanger)).toBeNull();
    expect(denial(rule, staffReader)).toEqual({
      status: 403,
      message: 'You do not have permission to change mutes.',
    });
  });

  it('refuses anonymous callers with 401 unless anyone may call', () => {
    expect(denial({}, null)?.status).toBe(401);
    expect(denial({ caller: 'signed-in' }, person({ signedIn: false }))?.status).toBe(401);
    expect(denial({ caller: 'anyone' }, null)).toBeNull();
  });

  it('words each refusal by the check that failed, or by the rule’s own wording', () => {
    const tokens = { staff: true, modify: true, what: 'manage ingest tokens' };
    expect(denial(tokens, customerUser)?.message).toBe('Only provider staff can manage ingest tokens.');
    expect(denial(tokens, staffReader)?.message).toBe('You do not have permission to manage ingest tokens.');
    expect(denial({ anyOf: ['modify_all'], what: 'delete agents' }, customerUser)?.message).toBe(
      'You need the modify_all permission to delete agents.',
    );
    const owner = {
      staff: true,
      adminOnly: true,
      denied: 'Only an Owner can grant or revoke terminal access.',
    };
    expect(denial(owner, staffChanger)?.message).toBe('Only an Owner can grant or revoke terminal access.');
    expect(denial(owner, providerAdmin)).toBeNull();
  });

  it('keeps API keys and impersonated sessions from what only the person may do', () => {
    const rule = { noApiKey: true, noImpersonation: true, what: 'create API keys' };
    expect(denial(rule, person({ apiKey: true }))?.message).toBe('An API key cannot create API keys.');
    expect(denial(rule, person({ impersonating: true }))?.message).toBe(
      'You cannot create API keys while impersonating.',
    );
    expect(denial(rule, person({}))).toBeNull();
  });
});

describe('the console asks the operation’s rule (can(operationId))', () => {
  it('answers from the contract’s table', () => {
    expect(mayAccess('createMute', customerUser)).toBe(true);
    expect(mayAccess('createMute', staffReader)).toBe(false);
    expect(mayAccess('createCustomer', customerUser)).toBe(false);
    expect(mayAccess('createCustomer', staffChanger)).toBe(true);
    expect(mayAccess('listJobs', staffChanger)).toBe(false);
    expect(mayAccess('listJobs', providerAdmin)).toBe(true);
    expect(mayAccess('createApiKey', { ...staffChanger, impersonating: true })).toBe(false);
    expect(mayAccess('listAlerts', customerUser)).toBe(true);
  });

  it('never admits a person to an agent’s or a log shipper’s call', () => {
    expect(mayAccess('agentCheckIn', providerAdmin)).toBe(false);
    expect(mayAccess('ingestEvents', providerAdmin)).toBe(false);
  });

  it('takes a route’s own rule where no operation exists yet', () => {
    const integrations = { globalScope: true, anyOf: ['read_integration', 'read_all'] } as const;
    expect(mayAccess(integrations, staffReader)).toBe(true);
    expect(mayAccess(integrations, customerUser)).toBe(false);
    expect(mayAccess(undefined, customerUser)).toBe(true);
  });
});
