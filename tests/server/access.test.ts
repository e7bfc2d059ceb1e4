import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS } from '../../src/api/access.generated.ts';
import { type AccessSubject, denial } from '../../src/common/permissions.ts';
import { readAccessRules } from '../../src/server/contract/access.ts';
import { listOperations, loadContract } from '../../src/server/contract/load.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const contract = loadContract();
const operations = listOperations(contract);
const table: Record<string, (typeof OPERATION_ACCESS)[keyof typeof OPERATION_ACCESS]> = OPERATION_ACCESS;

/** A concrete URL for a contract path, with placeholder ids that name nothing. */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'kind'
      ? 'ip'
      : name === 'value'
        ? '203.0.113.7'
        : name.endsWith('id') && name !== 'agent_id'
          ? '1'
          : '00000000-0000-4000-8000-000000000000',
  );

describe('every operation has one access rule', () => {
  it('the contract gives every operation an x-access rule, and the generated table is that rule', () => {
    const rules = readAccessRules(contract);
    expect(Object.keys(rules).sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(table).toEqual(rules);
  });

  it('refuses a contract whose operation has no rule or a misspelt one', () => {
    const broken = structuredClone(contract);
    const first = Object.values(broken.paths)[0]!;
    const operation = Object.values(first)[0]!;
    delete operation['x-access'];
    expect(() => readAccessRules(broken)).toThrow(/has no x-access/);
    operation['x-access'] = { caller: 'signed-in', modfy: true };
    expect(() => readAccessRules(broken)).toThrow(/x-access.modfy is not understood/);
    operation['x-access'] = { caller: 'anyone' };
    expect(() => readAccessRules(broken)).toThrow(/caller must be signed-in/);
  });
});

describe('the server enforces the table, and only the table, before the handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 300_000);
  afterAll(() => t.close());

  it('answers each sample caller of each signed-in operation as its rule says', async () => {
    const f = t.fixtures;
    // Provider administrator, staff who change, staff who only read, a customer user.
    const callers: [string, { contactId: string }, AccessSubject][] = [
      ['admin', f.admin, { staff: true, admin: true, permissions: f.admin.permissions, attributes: {} }],
      [
        'analyst',
        f.analyst,
        { staff: true, admin: false, permissions: f.analyst.permissions, attributes: {} },
      ],
      ['viewer', f.viewer, { staff: true, admin: false, permissions: f.viewer.permissions, attributes: {} }],
      ['customer user', f.acmeUser, { staff: false, admin: false, permissions: [], attributes: {} }],
    ];
    const signedIn = operations.filter((o) => table[o.operationId]!.caller === 'signed-in');
    expect(signedIn.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    let refusals = 0;
    for (const op of signedIn) {
      for (const [name, user, subject] of callers) {
        const refused = denial(table[op.operationId]!, subject);
        const response = await t.as(user, {
          method: op.method as 'GET',
          url: concrete(op.path),
          payload: op.method === 'GET' ? undefined : {},
        });
        const error = response.statusCode === 403 ? response.json().error : undefined;
        if (refused) {
          refusals += 1;
          if (response.statusCode !== 403 || error.message !== refused.message)
            wrong.push(`${op.operationId} as ${name}: ${response.statusCode} ${error?.message ?? ''}`);
        } else if (response.statusCode === 401 || response.statusCode === 403) {
          // Anything the rule admits reaches the handler: with no body and ids that name nothing,
          // that is a 400 or a 404, never a refusal.
          wrong.push(`${op.operationId} as ${name}: ${response.statusCode} though its rule admits`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refusals).toBeGreaterThan(50);
  }, 300_000);
});
