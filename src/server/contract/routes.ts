import type { FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { unauthorized } from '../errors.ts';
import { handlers } from '../handlers/index.ts';
import { listOperations, type OpenApiDocument } from './load.ts';

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
  // about the shape of a call (401 first, then 400).
  const secured = new Set(
    operations
      .filter((o) => !(Array.isArray(o.operation.security) && o.operation.security.length === 0))
      .map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  app.addHook('onRequest', async (request) => {
    if (secured.has(`${request.method} ${request.routeOptions.url}`)) await app.verifyBearer(request);
  });

  await app.register(openapiGlue, {
    specification: structuredClone(contract),
    serviceHandlers: handlers,
    securityHandlers: {
      bearerAuth: async (request: { principal: unknown }) => {
        if (!request.principal) throw unauthorized();
      },
    },
  });
}
