import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** An OpenAPI 3.1 document as plain data. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface OpenApiOperation {
  operationId?: string;
  security?: unknown[];
  [key: string]: unknown;
}

export const contractDir = fileURLToPath(new URL('../../../openapi/', import.meta.url));

/**
 * The whole contract: `openapi/openapi.yaml` plus every area file in `openapi/paths/`, whose
 * `paths` and `components` are merged in. One path may take its operations from several files (a
 * large area splits by what it does: `GET /alerts/{id}` reads, `PUT` triages); the same operation
 * (path and method) or component defined twice is an error.
 */
export function loadContract(dir = contractDir): OpenApiDocument {
  const root = parse(readFileSync(`${dir}/openapi.yaml`, 'utf8')) as OpenApiDocument;
  root.paths ??= {};
  root.components ??= {};
  const areaFiles = readdirSync(`${dir}/paths`)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  for (const file of areaFiles) {
    const area = parse(readFileSync(`${dir}/paths/${file}`, 'utf8')) as Partial<OpenApiDocument>;
    for (const [path, item] of Object.entries(area.paths ?? {})) {
      root.paths[path] ??= {};
      const target = root.paths[path];
      for (const [key, value] of Object.entries(item)) {
        if (key in target) throw new Error(`openapi/paths/${file}: ${key} ${path} is defined twice`);
        target[key] = value;
      }
    }
    for (const [section, entries] of Object.entries(area.components ?? {})) {
      root.components[section] ??= {};
      const target = root.components[section];
      for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
        if (name in target)
          throw new Error(`openapi/paths/${file}: components.${section}.${name} is defined twice`);
        target[name] = value;
      }
    }
  }
  return root;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the contract: method, path and operationId. */
export function listOperations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      path,
      operationId: item[method]?.operationId ?? '',
      operation: item[method] as OpenApiOperation,
    })),
  );
}

/**
 * A limit the contract declares on one of its schemas (e.g. `AlertBulkIds.maxItems`, the bulk
 * update limit), so the server enforces the very number clients read in the contract.
 */
export function declaredLimit(schema: string, keyword: 'maxItems' | 'maxLength' | 'maximum'): number {
  declared ??= loadContract();
  const value = (declared.components.schemas?.[schema] as Record<string, unknown> | undefined)?.[keyword];
  if (typeof value !== 'number')
    throw new Error(`openapi: components.schemas.${schema} declares no ${keyword}`);
  return value;
}
let declared: OpenApiDocument | undefined;
