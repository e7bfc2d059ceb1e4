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
 * `paths` and `components` are merged in. A path or component defined twice is an error.
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
      if (root.paths[path]) throw new Error(`openapi/paths/${file}: path ${path} is defined twice`);
      root.paths[path] = item;
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
