import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract/load.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { resolver, type Schema } from '../helpers/contract-arbitraries.ts';
import { type ContractOperation, contractOperations } from '../helpers/contract-requests.ts';
import { backends } from '../helpers/database.ts';
import { MATRIX_RULES, type MatrixRule } from './tenancy-matrix/rules/index.ts';
import { buildWorld, SECRET, type World } from './tenancy-matrix/world.ts';

// Every operation of the contract that takes an id or names a customer, called with one customer's
// credentials of every kind against the other customer's rows: refused (403 or 404), or for a
// list or count limited to the customers it names, answered as if the other customer did not
// exist; never the other's data. The same call by someone who reaches the other customer succeeds,
// so each refusal is the reach's doing. The rules live in tenancy-matrix/rules/, one file an area.

const contract = loadContract();
const generation = { resolve: resolver(contract), uuids: [] };
const operations = contractOperations(contract, generation);
const MISSING_CUSTOMER = '00000000-0000-4000-8000-00000000c0de';
const CUSTOMER_FIELDS = new Set(['customer_id', 'customer_ids', 'valid_customer_ids']);

/** Whether a body schema has a field naming customers, at its top or one object down. */
function namesCustomers(node: Schema, depth = 0): boolean {
  const schema = generation.resolve(node);
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (parts.some((part) => namesCustomers(part, depth))) return true;
  return Object.entries(schema.properties ?? {}).some(
    ([name, property]) => CUSTOMER_FIELDS.has(name) || (depth < 1 && namesCustomers(property, depth + 1)),
  );
}

const namesCustomer = (op: ContractOperation) =>
  op.parameters.some((p) => CUSTOMER_FIELDS.has(p.name)) ||
  (op.body !== null && namesCustomers(op.body.schema));
const takesIdOrCustomer = (op: ContractOperation) =>
  op.parameters.some((p) => p.in === 'path') || namesCustomer(op);

const matrix = operations.filter(takesIdOrCustomer);
const ruled = matrix.flatMap((op) => {
  const rule = MATRIX_RULES[op.operationId];
  return rule && !('shared' in rule) ? [{ op, rule }] : [];
});
const controlled = ruled.filter(({ rule }) => !(rule.control && 'none' in rule.control));
const name = (op: ContractOperation) => `${op.operationId} (${op.method} ${op.path})`;

/** The answer with what differs from one call to the next (ids, times) made the same. */
const normalised = (body: string) =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<time>');

describe.each(backends())('the tenancy matrix on %s', (backend) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    // The assistant and breach look-ups configured (at addresses that answer nothing), so that
    // their operations reach the rows they name instead of saying they are off.
    t = await createTestApp(backend, {
      ASSISTANT_BASE_URL: 'http://127.0.0.1:9/v1',
      ASSISTANT_MODEL: 'matrix',
      HIBP_API_URL: 'http://127.0.0.1:9',
      HIBP_API_KEY: 'matrix',
    });
    world = await buildWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  /** The request of a rule, naming `customer` wherever the operation takes a customer. */
  function request(op: ContractOperation, rule: MatrixRule, customer: string) {
    const ids = { ...world.ids, customer };
    const pathValues: Record<string, unknown> = { customer_id: customer, ...rule.path?.(ids) };
    const url = op.path.replace(/\{(\w+)\}/g, (_, param: string) => {
      if (pathValues[param] === undefined) throw new Error(`${op.operationId}: no value for {${param}}`);
      return encodeURIComponent(String(pathValues[param]));
    });
    const search = new URLSearchParams();
    for (const p of op.parameters.filter((p) => p.in === 'query')) {
      if (p.name === 'customer_id') search.append(p.name, customer);
      if (p.name === 'customer_ids') search.append(p.name, customer);
    }
    for (const [key, value] of Object.entries(rule.query?.(ids) ?? {}))
      for (const item of [value].flat()) search.append(key, String(item));
    const body = rule.body?.(ids);
    if (op.body?.required && body === undefined) throw new Error(`${op.operationId}: the rule gives no body`);
    const qs = search.toString();
    return { url: qs ? `${url}?${qs}` : url, body };
  }

  // Each call from an address of its own: presenting one kind of credential where another is
  // expected counts as a forged one, and the forged-credential limit is not what is tested here.
  let calls = 0;
  const nextAddress = () => {
    calls += 1;
    return `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;
  };

  function send(
    op: ContractOperation,
    target: { url: string; body: unknown },
    credential: string,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: op.method as 'GET',
      url: target.url,
      remoteAddress: nextAddress(),
      headers: {
        authorization: `Bearer ${credential}`,
        'x-xsrf-token': 'matrix',
        ...(target.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      cookies: { 'XSRF-TOKEN': 'matrix' },
      ...(target.body !== undefined ? { payload: JSON.stringify(target.body) } : {}),
    });
  }

  it('has a rule for every operation that takes an id or a customer, and no rule for anything else', () => {
    expect(matrix.length).toBeGreaterThan(150);
    const unruled = matrix.filter((op) => !MATRIX_RULES[op.operationId]).map(name);
    expect(
      unruled,
      'operations without a tenancy rule (tests/server/tenancy-matrix/rules/<area>.ts)',
    ).toEqual([]);
    const known = new Set(matrix.map((op) => op.operationId));
    expect(Object.keys(MATRIX_RULES).filter((id) => !known.has(id))).toEqual([]);
  });

  it.each(ruled.map(({ op, rule }) => [name(op), op, rule] as const))(
    '%s gives the first customer’s credentials none of the other’s data',
    async (_, op, rule) => {
      const user = await t.tokenFor(world.acmeAdmin);
      const { apiKey, agent, ingestToken, connector } = world.credentials;
      const credentials = [
        { kind: 'user', secret: user, scheme: 'bearerAuth' },
        { kind: 'API key', secret: apiKey, scheme: 'bearerAuth' },
        { kind: 'agent', secret: agent, scheme: 'agentCredential' },
        { kind: 'ingest token', secret: ingestToken, scheme: 'ingestToken' },
        { kind: 'connector', secret: connector, scheme: 'connectorCredential' },
      ];
      const target = request(op, rule, world.ids.customer);
      for (const credential of credentials) {
        const response = await send(op, target, credential.secret);
        const what = `${credential.kind}: ${op.method} ${target.url} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, what).toBeLessThan(500);
        for (const mark of [SECRET, ...(rule.absent ?? [])]) expect(response.body, what).not.toContain(mark);
        if (response.statusCode < 300) expect(response.body, what).not.toContain(world.ids.customer);
        if (rule.expect === 'websocket') {
          expect([401, 403, 404, 426], what).toContain(response.statusCode);
          continue;
        }
        if (credential.scheme !== op.scheme) {
          expect([401, 403, 404], what).toContain(response.statusCode);
          continue;
        }
        if (rule.expect === 'each') {
          expect(response.statusCode, what).toBe(200);
          const { updated, failed } = response.json() as { updated: unknown[]; failed: { code: string }[] };
          expect(updated, what).toEqual([]);
          expect(
            failed.map((item) => item.code),
            what,
          ).toEqual(['not_found']);
          continue;
        }
        if (rule.expect !== 'filtered' && rule.expect !== 'unknown') {
          expect([403, 404], what).toContain(response.statusCode);
          continue;
        }
        if (response.statusCode === 403 || response.statusCode === 404) continue;
        if (rule.expect === 'unknown') expect(response.statusCode, what).toBe(400);
        if (!namesCustomer(op)) continue;
        // Naming a customer out of reach answers as naming one that does not exist.
        const nobody = await send(op, request(op, rule, MISSING_CUSTOMER), credential.secret);
        expect(response.statusCode, what).toBe(nobody.statusCode);
        expect(normalised(response.body), what).toBe(normalised(nobody.body));
      }
    },
  );

  const control = async (op: ContractOperation, rule: MatrixRule) => {
    const by =
      rule.control && 'as' in rule.control && rule.control.as === 'owner'
        ? world.globexAdmin
        : t.fixtures.admin;
    const expected = rule.control && 'status' in rule.control ? rule.control.status : undefined;
    const target = request(op, rule, world.ids.customer);
    const response = await send(op, target, await t.tokenFor(by));
    const what = `${op.method} ${target.url} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
    if (expected !== undefined) expect(response.statusCode, what).toBe(expected);
    else expect(response.statusCode, what).toBeLessThan(300);
  };
  const lasting = controlled.filter(({ rule }) => !rule.ends);
  const ending = controlled.filter(({ rule }) => rule.ends);
  it.each([...lasting, ...ending].map(({ op, rule }) => [name(op), op, rule] as const))(
    '%s succeeds for someone who reaches the other customer',
    async (_, op, rule) => control(op, rule),
  );
});
