import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../api/schema.d.ts';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type QueryOf<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;
type PathOf<K extends OperationId> = NonNullable<Op<K>['parameters']['path']>;
type BodyOf<K extends OperationId> = Op<K> extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;

/** The success body of an operation: its 200, 201 or 202 answer as the contract defines it; nothing for 204. */
export type ResultOf<K extends OperationId> = Op<K>['responses'] extends infer R
  ? R extends { 200: infer S }
    ? Json<S>
    : R extends { 201: infer S }
      ? Json<S>
      : R extends { 202: infer S }
        ? Json<S>
        : R extends { 204: unknown }
          ? undefined
          : never
  : never;

export type RequestOf<K extends OperationId> = FastifyRequest<{
  Querystring: QueryOf<K>;
  Params: PathOf<K>;
  Body: BodyOf<K>;
}>;

/** A route handler typed by the contract: its input and its success answer come from openapi/. */
export type Handler<K extends OperationId> = (
  request: RequestOf<K>,
  reply: FastifyReply,
) => Promise<ResultOf<K>>;

/** The handler map of one area (its index.ts exports one): each operationId with its handler. */
export type Handlers<K extends OperationId> = { [P in K]: Handler<P> };

/**
 * Answers with JSON text that is already serialised (the alert list has PostgreSQL write its rows):
 * Fastify sends a string with a JSON content type as it is. The caller owns the shape, which the
 * contract's response schema would otherwise have enforced; API tests check it.
 */
export function sendJson<T>(reply: FastifyReply, json: string): T {
  reply.type('application/json; charset=utf-8');
  return json as T;
}
