import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type Ajv from 'ajv';
import type { FastifyServerOptions } from 'fastify';
import { loadContract, type OpenApiDocument } from './load.ts';

/**
 * What building the app derives from the contract alone, kept for the next app the same process
 * builds: the parsed contract, and each route's compiled validator and answer serializer, by the
 * text of its schema. A server builds one app; the API tests build hundreds, one per test file and
 * database, and compiling the same few hundred schemas again cost each of them seconds.
 */
export interface CompiledSchemas {
  contract?: OpenApiDocument;
  validators: Map<string, ReturnType<Ajv['compile']>>;
  serializers: Map<string, (data: unknown) => string>;
}

export const compiledSchemas = (): CompiledSchemas => ({ validators: new Map(), serializers: new Map() });

/** The contract, read once for every app built with these compiled schemas (the app never changes it). */
export function contractOf(cache: CompiledSchemas | undefined): OpenApiDocument {
  if (!cache) return loadContract();
  cache.contract ??= loadContract();
  return cache.contract;
}

/** A schema's text as its key; a schema that cannot be written out (a cycle) is compiled each time. */
function keyOf(prefix: string, schema: unknown): string | undefined {
  try {
    return `${prefix}\n${JSON.stringify(schema)}`;
  } catch {
    return undefined;
  }
}

function remembered<F>(store: Map<string, F>, key: string | undefined, build: () => F): F {
  if (key === undefined) return build();
  let found = store.get(key);
  if (!found) {
    found = build();
    store.set(key, found);
  }
  return found;
}

/**
 * Fastify options that take compiled validators and serializers from the cache. Validators come
 * through Ajv's own compile (Fastify's compiler and its header handling stay as they are); the
 * Ajv options are the app's, the same for every app, so a schema's text is key enough.
 */
export function compiledSchemaOptions(
  cache: CompiledSchemas,
  ajvOptions: NonNullable<FastifyServerOptions['ajv']>,
): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  const ajvKey = JSON.stringify(ajvOptions.customOptions ?? {});
  const serializers = SerializerSelector();
  return {
    ajv: {
      ...ajvOptions,
      onCreate: (ajv) => {
        const compile = ajv.compile.bind(ajv);
        // The schemas this Ajv holds besides (shared ones added after this hook) are part of the key.
        ajv.compile = ((schema: object) =>
          remembered(cache.validators, keyOf(`${ajvKey}${Object.keys(ajv.schemas)}`, schema), () =>
            compile(schema),
          )) as Ajv['compile'];
      },
    },
    schemaController: {
      compilersFactory: {
        buildSerializer: (externalSchemas: unknown, serializerOptions: unknown) => {
          const build = serializers(externalSchemas as never, serializerOptions as never);
          const prefix = JSON.stringify([externalSchemas, serializerOptions]);
          return (route: Parameters<typeof build>[0]) =>
            remembered(cache.serializers, keyOf(prefix, route.schema), () => build(route));
        },
      },
    },
  };
}
