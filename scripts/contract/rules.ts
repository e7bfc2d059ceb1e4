/**
 * The field rules of every request body in the contract, as data the web app checks before it
 * sends (src/api/validate.ts): `src/api/contract-rules.ts`, written by `npm run api:generate`.
 * A body that refers to a named schema is listed under that name; an inline body under its
 * operation's id. A property that refers to another schema takes that schema's rules, so a form
 * checks a case's tags by `CaseTagList` without naming it. Only what a browser can check cheaply
 * is kept (no ajv in the bundle): required, lengths, pattern, enum, ranges, item counts, and the
 * e-mail and URI formats.
 */
import type { OpenApiDocument } from '../../src/server/contract/load.ts';

type Schema = Record<string, unknown>;

/** One field's rules; `items` holds the rules of each entry of an array field. */
export interface FieldRuleData {
  required?: true;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: 'email' | 'uri';
  items?: FieldRuleData;
}

const NUMBERS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);
const FORMATS = new Set(['email', 'uri']);

const refName = (ref: unknown) =>
  typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice(21) : null;

/** The schema itself, or the named schema it refers to. */
function resolve(schema: Schema, schemas: Record<string, Schema>): Schema {
  const name = refName(schema.$ref);
  return name && schemas[name] ? schemas[name] : schema;
}

/** The one non-null type of a schema (`[integer, "null"]` is an integer that may be null). */
function typeOf(schema: Schema): FieldRuleData['type'] {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t): t is string => typeof t === 'string' && t !== 'null',
  );
  const [only] = types;
  return types.length === 1 && only && TYPES.has(only) ? (only as FieldRuleData['type']) : undefined;
}

function ruleOf(raw: Schema, schemas: Record<string, Schema>): FieldRuleData {
  const schema = resolve(raw, schemas);
  const rule: FieldRuleData = {};
  const type = typeOf(schema);
  if (type) rule.type = type;
  for (const keyword of NUMBERS) if (typeof schema[keyword] === 'number') rule[keyword] = schema[keyword];
  if (typeof schema.pattern === 'string') rule.pattern = schema.pattern;
  if (Array.isArray(schema.enum))
    rule.enum = schema.enum.filter(
      (v): v is string | number => typeof v === 'string' || typeof v === 'number',
    );
  if (typeof schema.format === 'string' && FORMATS.has(schema.format))
    rule.format = schema.format as 'email' | 'uri';
  const items = schema.items as Schema | undefined;
  if (type === 'array' && items) {
    const itemRule = ruleOf(items, schemas);
    // An array of objects is checked by its own schema's name (MuteCondition), not here.
    if (itemRule.type !== 'object' && Object.keys(itemRule).length > 0) rule.items = itemRule;
  }
  return rule;
}

/** An object schema's properties and required names, its `allOf` parts' included. */
function objectParts(raw: Schema, schemas: Record<string, Schema>) {
  const schema = resolve(raw, schemas);
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  for (const part of (schema.allOf ?? []) as Schema[]) {
    const inner = objectParts(part, schemas);
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  Object.assign(properties, schema.properties ?? {});
  for (const name of (Array.isArray(schema.required) ? schema.required : []) as string[]) required.add(name);
  return { properties, required };
}

/** Each property's rules of an object schema, required ones marked. */
function fieldRules(raw: Schema, schemas: Record<string, Schema>): Record<string, FieldRuleData> | null {
  const { properties, required } = objectParts(raw, schemas);
  if (Object.keys(properties).length === 0) return null;
  const fields: Record<string, FieldRuleData> = {};
  for (const [name, property] of Object.entries(properties)) {
    const rule = ruleOf(property, schemas);
    fields[name] = required.has(name) ? { required: true, ...rule } : rule;
  }
  return fields;
}

/** The request bodies' object schemas, by schema name or, for an inline body, by operation id. */
export function requestSchemas(contract: OpenApiDocument): Map<string, Schema> {
  const schemas = (contract.components.schemas ?? {}) as Record<string, Schema>;
  const found = new Map<string, Schema>();
  const add = (name: string, schema: Schema) => {
    found.set(name, schema);
    // The objects of an array field (a mute's conditions) are forms of their own.
    for (const property of Object.values((schema.properties ?? {}) as Record<string, Schema>)) {
      const items = resolve(property, schemas).items as Schema | undefined;
      const itemName = items && refName(items.$ref);
      if (itemName && schemas[itemName]?.properties) found.set(itemName, schemas[itemName]);
    }
  };
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item)) {
      const body = (operation as { requestBody?: { content?: Record<string, { schema?: Schema }> } })
        .requestBody;
      for (const media of Object.values(body?.content ?? {})) {
        const schema = media.schema;
        if (!schema) continue;
        const name = refName(schema.$ref);
        const isObject = (candidate: Schema | undefined) =>
          Boolean(candidate?.properties || Array.isArray(candidate?.allOf));
        if (name && isObject(schemas[name])) add(name, schemas[name]!);
        else if (!name && isObject(schema) && operation.operationId) add(operation.operationId, schema);
      }
    }
  }
  return found;
}

export function contractRulesSource(contract: OpenApiDocument): string {
  const schemas = (contract.components.schemas ?? {}) as Record<string, Schema>;
  const bodies = requestSchemas(contract);
  const entries = [...bodies.keys()].sort().flatMap((name) => {
    const rules = fieldRules(bodies.get(name)!, schemas);
    return rules ? [`  ${name}: ${JSON.stringify(rules)},`] : [];
  });
  return [
    '// Generated by `npm run api:generate` from openapi/. Do not edit by hand.',
    '',
    "import type { FieldRule } from './validate.ts';",
    '',
    "/** The rules of each request body's fields, by schema name or operation id (scripts/contract/rules.ts). */",
    'export const CONTRACT_RULES = {',
    ...entries,
    '} as const satisfies Record<string, Record<string, FieldRule>>;',
    '',
  ].join('\n');
}
