import type { FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { handlers } from '../handlers/index.ts';
import { listOperations, type OpenApiDocument } from './load.ts';

/**
 * Registers one route per contract operation, validated by the contract's schemas, answered by
 * the handler of the same operationId. Refuses to start when an operation has no handler or a
 * handler has no operation.
 */
export async function registerContractRoutes(app: FastifyInstance, contract: OpenApiDocument) {
  const operationIds = new Set(listOperations(contract).map((o) => o.operationId));
  const missing = [...operationIds].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !operationIds.has(id));
  if (missing.length || extra.length) {
    throw new Error(`contract and handlers disagree: missing handlers ${missing.join(', ') || '-'}; handlers without operation ${extra.join(', ') || '-'}`);
  }
  await app.register(openapiGlue, {
    specification: structuredClone(contract),
    serviceHandlers: handlers,
    securityHandlers: {
      bearerAuth: (request: Parameters<FastifyInstance['verifyBearer']>[0]) => app.verifyBearer(request),
    },
  });
}
