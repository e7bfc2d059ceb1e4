import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract, type OpenApiDocument } from '../../../src/server/contract/load.ts';
import { MAX_JSON_DEPTH } from '../../../src/server/platform/json-body.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { machineCallers } from '../../helpers/contract-callers.ts';
import { backends } from '../../helpers/database.ts';
import { approve, REPORTING_POLICY, setPolicy } from '../connectors/helpers.ts';

const contract = loadContract();
const MISSING = '00000000-0000-4000-8000-000000000000';

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string | string[]; format?: string; enum?: unknown[] };
}

/** A value each path parameter accepts by its schema, so a call reaches the body's parser and beyond. */
function pathOf(path: string, parameters: unknown[]): string {
  const resolved = parameters.map((p) => {
    const ref = (p as { $ref?: string }).$ref;
    return (ref ? contract.components.parameters?.[ref.split('/').pop()!] : p) as Parameter;
  });
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = resolved.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    if (schema.enum?.length) return String(schema.enum[0]);
    if (schema.format === 'uuid') return MISSING;
    if ([schema.type].flat().includes('integer')) return '1';
    return 'x';
  });
}

/** Every operation that takes a JSON body (NDJSON too), with how its caller signs in. */
const operations = listOperations(contract as OpenApiDocument).flatMap(
  ({ method, path, operationId, operation }) => {
    const content =
      (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
    const types = ['application/json', 'application/x-ndjson'].filter((type) => type in content);
    if (types.length === 0) return [];
    const security = (Array.isArray(operation.security) ? operation.security : contract.security) as
      | Record<string, unknown>[]
      | undefined;
    const scheme = security?.length ? Object.keys(security[0]!)[0]! : 'none';
    const pathItem = contract.paths[path] as { parameters?: unknown[] };
    const parameters = [...(pathItem.parameters ?? []), ...((operation.parameters as unknown[]) ?? [])];
    return types.map((type) => ({ method, url: pathOf(path, parameters), operationId, scheme, type }));
  },
);

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Bodies of odd shapes: a call may take one (a lone surrogate is still text), but never answers 5xx. */
const MALFORMED: [string, string][] = [
  ['an unclosed object', '{'],
  ['a missing value', '{"a":}'],
  ['null', 'null'],
  ['an empty array', '[]'],
  ['a bare string', '"text"'],
  ['a huge number', '1e400'],
  ['a prototype key', '{"__proto__":{"admin":true}}'],
  ['a constructor key', '{"constructor":{"prototype":{"admin":true}}}'],
  ['a lone surrogate', '{"name":"\\ud800"}'],
  ['an escaped NUL', '{"name":"a\\u0000b"}'],
  ['brackets inside strings', `{"name":"${'['.repeat(5000)}"}`],
  ['objects nested to the limit', nestedObjects(MAX_JSON_DEPTH)],
  ['a wide array', `{"ids":[${Array.from({ length: 50_000 }, () => '0').join(',')}]}`],
];

// Parsing and checking a body happen before any query, the same code on either database: one
// database is enough for this walk over every operation.
describe.each(backends().slice(0, 1))('every JSON body of the contract on %s', (backend) => {
  let t: TestApp;
  /** Each security scheme's bearer credential, but the people's (`bearerAuth`). */
  let credentials: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const customer_id = t.fixtures.acme.customerId;
    const callers = await machineCallers(t, t.fixtures.analyst, customer_id);
    // The browser extension's credential, approved with the policy's blocked-visit reports on.
    await setPolicy(t, customer_id, REPORTING_POLICY);
    const connectorToken: string = (await approve(t, t.fixtures.analyst, customer_id)).json().token;
    credentials = {
      agentCredential: callers.agentCredential,
      ingestToken: callers.ingestToken,
      connectorCredential: connectorToken,
    };
  }, 300_000);
  afterAll(() => t.close());

  /** The call as its own caller: provider staff, the agent, the log shipper, the extension, or nobody. */
  const send = (op: (typeof operations)[number], payload: string): Promise<LightMyRequestResponse> => {
    const options = {
      method: op.method as 'POST',
      url: op.url,
      headers: { 'content-type': op.type },
      payload,
    };
    if (op.scheme === 'bearerAuth') return t.as(t.fixtures.analyst, options);
    const credential = credentials[op.scheme];
    return t.app.inject({
      ...options,
      headers: { ...options.headers, ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
    });
  };

  const limitOf = (op: (typeof operations)[number]) =>
    op.scheme === 'ingestToken' ? t.app.config.ingest.maxBytes : 1024 * 1024;

  const refusal = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    error: response.json().error,
  });

  it('finds the operations to try', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['enrolAgent', 'ingestEvents', 'createAlert']),
    );
  });

  it('refuses nesting 5 000 deep in about 10 KB with a 400 naming the body, before anything walks it', async () => {
    const bodies = [nested(5000), nestedObjects(2000), `{"a":${nested(5000)}}`, nested(MAX_JSON_DEPTH + 1)];
    for (const op of operations) {
      for (const body of bodies) {
        const response = await send(op, body);
        expect(refusal(response), `${op.operationId} ${op.type}`).toMatchObject({
          status: 400,
          error: { code: 'bad_request', details: [{ field: expect.stringMatching(/^body/) }] },
        });
      }
    }
  }, 180_000);

  it('refuses a body past the size limit with 413 naming the limit', async () => {
    for (const op of operations) {
      const limit = limitOf(op);
      const body = `{"text":"${'a'.repeat(limit)}"}`;
      const response = await send(op, body);
      expect(refusal(response), op.operationId).toMatchObject({
        status: 413,
        error: { code: 'too_large', details: [{ field: 'body' }] },
      });
    }
  }, 180_000);

  it('answers odd and malformed shapes without a 5xx, refusals in the error shape', async () => {
    for (const op of operations) {
      for (const [what, body] of MALFORMED) {
        const response = await send(op, body);
        const label = `${op.operationId} ${op.type}: ${what} → ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().error.code, label).toBeTruthy();
      }
    }
  }, 300_000);
});
