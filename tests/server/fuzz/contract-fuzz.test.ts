import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../src/server/contract/load.ts';
import { alerts, cases } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { answerChecker } from '../../helpers/contract-answers.ts';
import { resolver } from '../../helpers/contract-arbitraries.ts';
import { machineCallers } from '../../helpers/contract-callers.ts';
import {
  type ContractOperation,
  contractOperations,
  type GeneratedRequest,
  requestsFor,
} from '../../helpers/contract-requests.ts';

// Every operation of the contract, called with requests generated from its own schemas (inside and
// on its bounds, past them, of the wrong kind, hostile text): never a 5xx, and every answer is one
// the contract declares. FUZZ_RUNS raises the number of requests per operation. The seed is fixed
// so that a run in CI is the same run on a laptop; FUZZ_SEED=<seed> replays another (the one
// fast-check printed), FUZZ_SEED=random draws a new one.
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const DEFAULT_SEED = 20_261_129;
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? undefined
    : process.env.FUZZ_SEED
      ? Number(process.env.FUZZ_SEED)
      : DEFAULT_SEED;

const contract = loadContract();
const uuids: string[] = [];
const generation = { resolve: resolver(contract), uuids };
const operations = contractOperations(contract, generation);
const checkAnswer = answerChecker(contract);

// Parsing, validation and the handlers' refusals are the same code on either database, and the
// run must fit in about a minute: PGlite only (the tenancy and area tests cover PostgreSQL).
describe('every operation of the contract, fuzzed from its schemas, on pglite', () => {
  let t: TestApp;
  let adminToken: string;
  let agentCredential: string;
  let ingestToken: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const { acme, globex, admin, analyst, acmeUser, partner } = t.fixtures;
    adminToken = await t.tokenFor(admin);
    const callers = await machineCallers(t, admin, acme.customerId);
    agentCredential = callers.agentCredential;
    ingestToken = callers.ingestToken;
    await t.database.db.insert(alerts).values([
      { customerId: acme.customerId, title: 'Fuzz alert', type: 'edr', hostName: 'FUZZ-01' },
      { customerId: globex.customerId, title: 'Fuzz alert 2', type: 'email' },
    ]);
    await t.database.db.insert(cases).values([{ customerId: acme.customerId, title: 'Fuzz case' }]);
    uuids.push(
      acme.customerId,
      globex.customerId,
      partner.partnerId,
      analyst.contactId,
      acmeUser.contactId,
      callers.agentId,
      callers.ingestTokenId ?? acme.customerId,
    );
  }, 300_000);
  afterAll(() => t.close());

  /** The call as its own caller: the administrator (every permission), the agent, the shipper, or nobody. */
  async function call(op: ContractOperation, request: GeneratedRequest): Promise<LightMyRequestResponse> {
    const credential =
      op.scheme === 'bearerAuth'
        ? adminToken
        : op.scheme === 'agentCredential'
          ? agentCredential
          : op.scheme === 'ingestToken'
            ? ingestToken
            : null;
    const headers: Record<string, string> = { 'x-xsrf-token': 'fuzz' };
    if (credential) headers.authorization = `Bearer ${credential}`;
    if (request.contentType && request.payload !== undefined) headers['content-type'] = request.contentType;
    const response = await t.app.inject({
      method: op.method as 'POST',
      url: request.url,
      headers,
      cookies: { 'XSRF-TOKEN': 'fuzz' },
      payload: request.payload,
    });
    // A generated call may sign the administrator out (sign-out, sessions ended): sign in again.
    if (response.statusCode === 401 && op.scheme === 'bearerAuth')
      adminToken = await t.tokenFor(t.fixtures.admin);
    return response;
  }

  it('generates requests for every operation, every path segment routable', () => {
    expect(operations.length).toBeGreaterThan(250);
    for (const op of operations) {
      const samples = fc.sample(requestsFor(op, generation), { numRuns: 40, seed: DEFAULT_SEED });
      const template = op.path.split('/');
      for (const { url } of samples) {
        const segments = url.split('?')[0]!.split('/');
        expect(segments, url).toHaveLength(template.length);
        template.forEach((part, i) => {
          if (part.startsWith('{')) expect(['', '.', '..'], url).not.toContain(segments[i]);
        });
      }
    }
  });

  it.each(operations.map((op) => [`${op.operationId} (${op.method} ${op.path})`, op] as const))(
    '%s never answers 5xx nor outside the contract',
    async (_, op) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(op, generation), async (request) => {
          const response = await call(op, request);
          const wrong = checkAnswer(op.path, op.method, {
            statusCode: response.statusCode,
            headers: response.headers,
            body: response.body,
          });
          if (wrong)
            throw new Error(`${op.method} ${request.url} ${request.payload?.slice(0, 500) ?? ''}: ${wrong}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
  );
});
