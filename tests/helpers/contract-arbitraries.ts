import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/server/contract/load.ts';

/** A JSON Schema as the contract writes it (OpenAPI 3.1), loosely typed: the generator reads it. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  propertyNames?: Schema;
  minProperties?: number;
  maxProperties?: number;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  not?: Schema;
  default?: unknown;
}

/** What generation needs: references followed, and ids that name real rows (to reach past a 404). */
export interface Generation {
  resolve: <T>(node: T) => T;
  uuids: string[];
}

/** Follows `#/components/...` references inside the contract. */
export function resolver(contract: OpenApiDocument) {
  return function resolve<T>(node: T): T {
    let current = node as { $ref?: string };
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      const parts = current.$ref.replace(/^#\//, '').split('/');
      let target: unknown = contract;
      for (const part of parts) target = (target as Record<string, unknown>)[part.replace(/~1/g, '/')];
      if (!target) throw new Error(`contract: ${current.$ref} names nothing`);
      current = target as { $ref?: string };
    }
    return current as T;
  };
}

/** Values that are wrong somewhere: wrong types, edges of ranges, hostile text. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  '',
  ' ',
  'x',
  -1,
  0,
  2 ** 31,
  2 ** 53,
  -(2 ** 63),
  1e308,
  1.5,
  true,
  [],
  {},
  [null],
  { a: 1 },
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  "'; drop table alerts; --",
  'a\u0000b',
  '\ud800',
  '%00',
  '../../etc/passwd',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '2026-02-30T25:61:00Z',
  'a'.repeat(5000),
  '1e400',
  'NaN',
  '-0',
  '__proto__',
];
export const hostile = fc.constantFrom(...HOSTILE_VALUES);

const SMALL = 6;
const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function merged(schemas: Schema[], g: Generation): Schema {
  const out: Schema = {};
  for (const part of schemas.map(g.resolve)) {
    const whole = part.allOf ? merged(part.allOf, g) : part;
    Object.assign(out, { ...whole, properties: { ...out.properties, ...whole.properties } });
    out.required = [...new Set([...(out.required ?? []), ...(whole.required ?? [])])];
  }
  delete out.allOf;
  return out;
}

function stringOf(schema: Schema, g: Generation): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      return g.uuids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...g.uuids)) : fc.uuid();
    case 'date-time':
      return isoDate;
    case 'date':
      return isoDate.map((s) => s.slice(0, 10));
    case 'email':
      return fc.emailAddress().filter(fits);
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits),
  );
}

/** Values the schema accepts, boundaries included (shortest and longest, smallest and largest). */
export function validValue(node: Schema, g: Generation, depth = 0): fc.Arbitrary<unknown> {
  const schema = g.resolve(node);
  if (schema.allOf) return validValue(merged(schema.allOf, g), g, depth);
  if (schema.oneOf || schema.anyOf)
    return fc.oneof(...(schema.oneOf ?? schema.anyOf)!.map((s) => validValue(s, g, depth)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = [schema.type ?? (schema.properties ? 'object' : 'string')].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type }, g, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      // Small ids name the rows a fresh database holds (alerts and cases count from 1).
      const low = Math.max(min, 1);
      const small = low <= Math.min(max, 5) ? [fc.integer({ min: low, max: Math.min(max, 5) })] : [];
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max), ...small);
    }
    case 'number': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      const step = schema.multipleOf;
      if (step)
        return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((n) => n * step);
      return fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(min, max));
    }
    case 'string':
      return stringOf(schema, g);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? SMALL, SMALL));
      const items = depth > 4 ? fc.constant(null) : validValue(schema.items ?? {}, g, depth + 1);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      if (depth > 5) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, s]) => [name, validValue(s, g, depth + 1)]),
        ),
        { requiredKeys: required.filter((name) => name in properties) },
      );
      const extra = schema.additionalProperties ?? (schema.patternProperties ? undefined : false);
      if (!extra || typeof extra !== 'object') return record;
      const keys = schema.propertyNames
        ? stringOf(g.resolve(schema.propertyNames), g)
        : fc.string({ minLength: 1, maxLength: 12 });
      const dictionary = fc.dictionary(keys, validValue(extra, g, depth + 1), {
        minKeys: schema.minProperties ?? 0,
        maxKeys: Math.min(schema.maxProperties ?? 4, 4),
      });
      return fc.tuple(record, dictionary).map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** Values just past the schema's edges: one too long, one too many, one below the minimum, the wrong kind. */
export function edgeBreakingValue(node: Schema, g: Generation): fc.Arbitrary<unknown> {
  const schema = g.resolve(node);
  const breaking: unknown[] = [];
  if (schema.maxLength !== undefined) breaking.push('y'.repeat(schema.maxLength + 1));
  if (schema.minLength) breaking.push('y'.repeat(schema.minLength - 1));
  if (schema.maximum !== undefined) breaking.push(schema.maximum + 1);
  if (schema.minimum !== undefined) breaking.push(schema.minimum - 1);
  if (schema.maxItems !== undefined) breaking.push(Array.from({ length: schema.maxItems + 1 }, () => 'z'));
  if (schema.enum) breaking.push(`${String(schema.enum[0])}-not`);
  if (schema.format === 'uuid') breaking.push('0000000-0000-4000-8000-00000000000g');
  if (schema.format === 'date-time') breaking.push('2026-11-29 25:00');
  return breaking.length ? fc.oneof(fc.constantFrom(...breaking), hostile) : hostile;
}

/**
 * A value the schema may well refuse: one property (at any depth of the first two levels) taken
 * out, replaced by a hostile value or one past its edge, or an unknown property added.
 */
export function malformedValue(node: Schema, g: Generation): fc.Arbitrary<unknown> {
  const schema = g.resolve(node);
  const whole = schema.allOf ? merged(schema.allOf, g) : schema;
  const properties = Object.entries(whole.properties ?? {});
  if (properties.length === 0) return fc.oneof(edgeBreakingValue(whole, g), hostile);
  const valid = validValue(whole, g) as fc.Arbitrary<Record<string, unknown>>;
  const names = fc.constantFrom(...properties.map(([name]) => name));
  return fc.oneof(
    hostile,
    fc.tuple(valid, names).map(([value, name]) => {
      const { [name]: _dropped, ...rest } = value;
      return rest;
    }),
    fc
      .tuple(valid, fc.constantFrom(...properties))
      .chain(([value, [name, s]]) =>
        fc.oneof(edgeBreakingValue(s, g), malformedValue(s, g)).map((bad) => ({ ...value, [name]: bad })),
      ),
    valid.map((value) => ({ ...value, unexpected_field: 'x' })),
  );
}
