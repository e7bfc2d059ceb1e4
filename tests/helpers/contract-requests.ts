import fc from 'fast-check';
import { listOperations, type OpenApiDocument } from '../../src/server/contract/load.ts';
import {
  edgeBreakingValue,
  type Generation,
  malformedValue,
  type Schema,
  validValue,
} from './contract-arbitraries.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

/** How an operation's caller proves who they are: the document's default is the console's bearer token. */
export type Scheme = 'bearerAuth' | 'agentCredential' | 'ingestToken' | 'none';

export interface ContractOperation {
  method: string;
  path: string;
  operationId: string;
  scheme: Scheme;
  parameters: Parameter[];
  /** The request body's media type and schema, when the operation takes one. */
  body: { type: string; schema: Schema; required: boolean } | null;
}

/** One request to send: its URL (path and query filled in), body and whether it was made to be wrong. */
export interface GeneratedRequest {
  url: string;
  contentType: string | null;
  payload: string | undefined;
  malformed: boolean;
}

/** Every operation of the contract with its parameters and body resolved. */
export function contractOperations(contract: OpenApiDocument, g: Generation): ContractOperation[] {
  return listOperations(contract).map(({ method, path, operationId, operation }) => {
    const security = (Array.isArray(operation.security) ? operation.security : contract.security) as
      | Record<string, unknown>[]
      | undefined;
    const scheme = (security?.length ? Object.keys(security[0]!)[0]! : 'none') as Scheme;
    const pathItem = contract.paths[path] as { parameters?: unknown[] };
    const parameters = [...(pathItem.parameters ?? []), ...((operation.parameters as unknown[]) ?? [])].map(
      (p) => g.resolve(p) as Parameter,
    );
    const requestBody = g.resolve(operation.requestBody) as
      | { required?: boolean; content?: Record<string, { schema?: Schema }> }
      | undefined;
    const [type, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
    return {
      method,
      path,
      operationId,
      scheme,
      parameters,
      body: type ? { type, schema: media?.schema ?? {}, required: requestBody?.required ?? false } : null,
    };
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
/** The text with any lone surrogate made the replacement character (String#toWellFormed). */
const wellFormed = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

function serialiseBody(type: string, value: unknown): string {
  if (type === 'application/x-ndjson' && Array.isArray(value))
    return value.map((v) => JSON.stringify(v)).join('\n');
  if (type === 'application/json' || type.endsWith('+json')) return JSON.stringify(value) ?? 'null';
  return text(value);
}

function urlOf(op: ContractOperation, pathValues: Record<string, unknown>, query: Record<string, unknown>) {
  // A lone surrogate cannot be percent-encoded: it travels as the replacement character, as a browser sends it.
  const segment = (value: unknown) => encodeURIComponent(wellFormed(text(value)));
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(pathValues[name]));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, wellFormed(text(item)));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * A path segment that routes to its own operation: never empty (`/mutes/` is the list, not a
 * mute) and never a dot segment, which URL parsing folds into the parent path.
 */
export function routableSegment(value: unknown): boolean {
  const segment = wellFormed(text(value));
  return segment !== '' && segment !== '.' && segment !== '..';
}

/**
 * Requests for one operation from its schemas: mostly ones it must accept (values inside every
 * bound, the bounds themselves), and malformed ones (one parameter or body field past its bound,
 * of the wrong kind, hostile text, missing, or an unknown field added).
 */
export function requestsFor(op: ContractOperation, g: Generation): fc.Arbitrary<GeneratedRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const validPath = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [p.name, validValue(p.schema ?? {}, g).filter(routableSegment)]),
    ),
  );
  const validQuery = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, validValue(p.schema ?? {}, g)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const body = op.body;
  // Files in a form are read by their handlers from a stream; a form is not generated here.
  const generatesBody = body !== null && body.type !== 'multipart/form-data';
  const validBody: fc.Arbitrary<unknown> = generatesBody
    ? validValue(body.schema, g)
    : fc.constant(undefined);
  const valid = fc.record({
    path: validPath,
    query: validQuery,
    body: validBody,
    malformed: fc.constant(false),
  });

  const breakers: fc.Arbitrary<{
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    body: unknown;
    malformed: boolean;
  }>[] = [];
  for (const p of pathParams)
    breakers.push(
      fc
        .tuple(valid, edgeBreakingValue(p.schema ?? {}, g).filter(routableSegment))
        .map(([v, bad]) => ({ ...v, path: { ...v.path, [p.name]: bad }, malformed: true })),
    );
  for (const p of queryParams)
    breakers.push(
      fc
        .tuple(valid, edgeBreakingValue(p.schema ?? {}, g))
        .map(([v, bad]) => ({ ...v, query: { ...v.query, [p.name]: bad }, malformed: true })),
    );
  if (generatesBody)
    breakers.push(
      fc
        .tuple(valid, fc.oneof(malformedValue(body.schema, g), fc.constant(undefined)))
        .map(([v, bad]) => ({ ...v, body: bad, malformed: true })),
    );
  const requests = breakers.length ? fc.oneof({ arbitrary: valid, weight: 2 }, ...breakers) : valid;

  return requests.map((r) => ({
    url: urlOf(op, r.path, r.query),
    contentType: generatesBody ? body.type : null,
    payload: generatesBody && r.body !== undefined ? serialiseBody(body.type, r.body) : undefined,
    malformed: r.malformed,
  }));
}
