import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { OPERATION_ACCESS } from '../../api/access.generated.ts';
import { SANDBOX_MAX_BYTES } from '../../api/limits.ts';
import type { AccessRule } from '../../common/permissions.ts';
import { authenticateAgent, authenticateCheckIn } from '../areas/agents/index.ts';
import { authenticateConnector } from '../areas/connectors/index.ts';
import { handlers } from '../areas/index.ts';
import { authenticateIngest } from '../areas/logs/index.ts';
import { ApiError, badRequest, unauthorized } from '../errors.ts';
import { enforceAccess } from './access.ts';
import { listOperations, type OpenApiDocument, type OpenApiOperation } from './load.ts';

/**
 * Registers one route per contract operation, validated by the contract's schemas, answered by
 * the handler of the same operationId. Refuses to start when an operation has no handler or a
 * handler has no operation.
 */
export async function registerContractRoutes(app: FastifyInstance, contract: OpenApiDocument) {
  const operations = listOperations(contract);
  const operationIds = new Set(operations.map((o) => o.operationId));
  const missing = [...operationIds].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !operationIds.has(id));
  if (missing.length || extra.length) {
    throw new Error(
      `contract and handlers disagree: missing handlers ${missing.join(', ') || '-'}; handlers without operation ${extra.join(', ') || '-'}`,
    );
  }

  // Sign-in is checked before the request is validated, so an anonymous caller learns nothing
  // about the shape of a call (401 first, then 400). Operations without their own `security`
  // take the document's (bearerAuth); the agent protocol's take the agent credential instead.
  const securedBy = (scheme: string) =>
    new Set(
      operations
        .filter((o) => {
          const security = Array.isArray(o.operation.security) ? o.operation.security : contract.security;
          return Array.isArray(security) && security.some((s) => scheme in (s as object));
        })
        .map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
  const secured = securedBy('bearerAuth');
  const agentSecured = securedBy('agentCredential');
  const ingestSecured = securedBy('ingestToken');
  const connectorSecured = securedBy('connectorCredential');
  // The agents' check-in checks the credential in the read it needs anyway (agents/check-in.ts).
  const checkInRoutes = new Set(
    operations
      .filter((o) => o.operationId === 'agentCheckIn')
      .map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  // Log ingest takes larger bodies than the console's calls (INGEST_MAX_BYTES; over it, 413).
  const ingestSized = new Set(
    operations
      .filter((o) => o.operation['x-body-limit'] === 'ingest')
      .map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  // Files for static analysis (POST /threat/sandbox): larger than a console call, never executed.
  const sandboxSized = new Set(
    operations
      .filter((o) => o.operation['x-body-limit'] === 'sandbox')
      .map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  // Who may call each signed-in operation: its rule (openapi `x-access`, src/api/access.generated.ts),
  // checked once here for every route rather than by each handler.
  const accessOf = new Map<string, AccessRule>(
    operations.map((o) => [
      `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`,
      OPERATION_ACCESS[o.operationId as keyof typeof OPERATION_ACCESS],
    ]),
  );
  // Fastify validates a body against the schema of the media type it arrived as, so a call sent
  // without one (or as a type the operation does not take) would reach its handler unchecked.
  const bodyRules = new Map<string, BodyRule>(
    operations.flatMap((o) => {
      const rule = bodyRuleOf(o.operation);
      return rule ? [[`${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`, rule] as const] : [];
    }),
  );
  // Attached to the secured routes only, so public calls and static files skip it entirely.
  const verifyBearer = async (request: FastifyRequest) => app.verifyBearer(request);
  const verifyAgent = async (request: FastifyRequest) => authenticateAgent(app.db, request);
  const verifyCheckIn = async (request: FastifyRequest) => authenticateCheckIn(app.db, request);
  const verifyIngest = async (request: FastifyRequest, reply: FastifyReply) =>
    authenticateIngest(app.db, request, reply);
  app.decorateRequest('agent', null);
  app.decorateRequest('checkIn', null);
  app.decorateRequest('ingest', null);
  app.decorateRequest('connector', null);
  const verifyConnector = async (request: FastifyRequest) => authenticateConnector(app.db, request);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const key = (method: string) => `${method} ${route.url}`;
    if (methods.some((method) => secured.has(key(method)))) {
      route.onRequest = [...[route.onRequest ?? []].flat(), verifyBearer];
      // Read by the bearer gate (plugins/bearer-gate.ts), which runs before any route hook.
      route.config = { ...route.config, bearerAuth: true };
      const rule = methods.map((method) => accessOf.get(key(method))).find(Boolean);
      if (!rule) throw new Error(`${route.url}: no access rule`);
      route.preValidation = [...[route.preValidation ?? []].flat(), enforceAccess(rule)];
    } else if (methods.some((method) => checkInRoutes.has(key(method)))) {
      route.onRequest = [...[route.onRequest ?? []].flat(), verifyCheckIn];
      // Every agent, every minute: a log line per answered check-in would flood the log and
      // cost more than the call. Refused and failed check-ins are still logged.
      route.logLevel = 'warn';
    } else if (methods.some((method) => agentSecured.has(key(method))))
      route.onRequest = [...[route.onRequest ?? []].flat(), verifyAgent];
    else if (methods.some((method) => ingestSecured.has(key(method))))
      route.onRequest = [...[route.onRequest ?? []].flat(), verifyIngest];
    else if (methods.some((method) => connectorSecured.has(key(method))))
      route.onRequest = [...[route.onRequest ?? []].flat(), verifyConnector];
    const bodyRule = methods.map((method) => bodyRules.get(key(method))).find(Boolean);
    if (bodyRule) route.preValidation = [...[route.preValidation ?? []].flat(), checkBodyPresence(bodyRule)];
    if (methods.some((method) => ingestSized.has(key(method)))) route.bodyLimit = app.config.ingest.maxBytes;
    if (methods.some((method) => sandboxSized.has(key(method)))) route.bodyLimit = SANDBOX_MAX_BYTES;
  });
  // Bodies of every other content type are read by plugins/body-parsers.ts.

  // Uploaded files as a browser's form sends them (multipart/form-data): each handler reads its
  // one file with its own size limit (platform/upload.ts); nothing is written to disk.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024 } });

  await app.register(async (routes) => {
    // A plain HTML form's fields, once each: the escalation acknowledge page's button posts one.
    // Here rather than with the other parsers, beside the identity provider's own form parser.
    routes.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    await registerGlue(routes, contract);
  });
}

async function registerGlue(app: FastifyInstance, contract: OpenApiDocument) {
  await app.register(openapiGlue, {
    specification: withJsonAnswersOnly(withStreamedForms(withSafeIntegers(structuredClone(contract)))),
    serviceHandlers: handlers,
    securityHandlers: {
      bearerAuth: async (request: { principal: unknown }) => {
        if (!request.principal) throw unauthorized();
      },
      agentCredential: async (request: { agent: unknown }) => {
        if (!request.agent) throw unauthorized();
      },
      ingestToken: async (request: { ingest: unknown }) => {
        if (!request.ingest) throw unauthorized();
      },
      connectorCredential: async (request: { connector: unknown }) => {
        if (!request.connector) throw unauthorized();
      },
    },
  });
}

interface BodyRule {
  required: boolean;
  mediaTypes: string[];
}

function bodyRuleOf(operation: OpenApiOperation): BodyRule | null {
  const body = operation.requestBody as { required?: boolean; content?: Record<string, unknown> } | undefined;
  if (!body?.content) return null;
  return { required: body.required === true, mediaTypes: Object.keys(body.content) };
}

/**
 * Refuses a call without the body its operation requires (400 naming `body`), and a body of a
 * media type the operation does not take (415), before validation: either would otherwise skip
 * the schema. A form streams its parts to the handler, which reads and checks them itself.
 */
function checkBodyPresence(rule: BodyRule) {
  return async (request: FastifyRequest) => {
    if (rule.mediaTypes.includes('multipart/form-data')) return;
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (request.body === undefined || (request.body === null && !type)) {
      if (rule.required) throw badRequest('body', `is required: send ${rule.mediaTypes.join(' or ')}`);
      return;
    }
    if (type && !rule.mediaTypes.includes(type))
      throw new ApiError(
        415,
        'unsupported_media_type',
        `Send the body as ${rule.mediaTypes.join(' or ')}, not ${type}.`,
      );
  };
}

/**
 * An integer the contract leaves unbounded is still a JSON number a client sends and a column
 * stores: `1e308` passes `type: integer`. Bounding every one by the integers JSON carries exactly
 * refuses such a value with a 400 naming its field instead of a database error.
 */
function withSafeIntegers(contract: OpenApiDocument): OpenApiDocument {
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Record<string, unknown>;
    if ([schema.type].flat().includes('integer')) {
      schema.maximum ??= Number.MAX_SAFE_INTEGER;
      schema.minimum ??= Number.MIN_SAFE_INTEGER;
    }
    Object.values(schema).forEach(visit);
  };
  visit(contract.paths);
  visit(contract.components);
  return contract;
}

/**
 * A form's parts stream to the handler (platform/upload.ts reads and checks the file), so Fastify
 * has no parsed body to validate: the contract's multipart/form-data schemas document the fields
 * for clients and the handler enforces them, with the same 400 and 413 errors.
 */
function withStreamedForms(contract: OpenApiDocument): OpenApiDocument {
  for (const { operation } of listOperations(contract)) {
    const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
      ?.content;
    if (content?.['multipart/form-data']) content['multipart/form-data'] = { schema: {} };
  }
  return contract;
}

/**
 * File answers (CSV, NDJSON) are written by their handlers as text or streams, which Fastify sends
 * as they are; only JSON answers go through a schema. So the router gets the JSON answers alone:
 * it takes every media type it meets, answers included, for one it must parse, and would warn on
 * each start that no parser reads `text/csv`, which no request sends.
 */
function withJsonAnswersOnly(contract: OpenApiDocument): OpenApiDocument {
  const answers = [
    ...listOperations(contract).flatMap(({ operation }) =>
      Object.values((operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>),
    ),
    ...Object.values(
      (contract.components.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>,
    ),
  ];
  for (const answer of answers) {
    if (!answer.content) continue;
    for (const mediaType of Object.keys(answer.content)) {
      if (!/[/+]json$/.test(mediaType)) delete answer.content[mediaType];
    }
    if (Object.keys(answer.content).length === 0) delete answer.content;
  }
  return contract;
}
