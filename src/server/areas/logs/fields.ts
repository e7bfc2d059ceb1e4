import { isIP } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../errors.ts';

/**
 * Common fields and their columns; any other name is a path into the raw event. Searches read a
 * view that is not a security barrier (README, "Contains-searches under row-level security"): what
 * is compiled from here must never raise an error or have a side effect that depends on row data.
 */
const COLUMNS: Record<string, { column: SQL; kind: 'text' | 'ip' | 'integer' | 'time' }> = {
  time: { column: sql`time`, kind: 'time' },
  source: { column: sql`source`, kind: 'text' },
  host: { column: sql`host`, kind: 'text' },
  src_ip: { column: sql`src_ip`, kind: 'ip' },
  dst_ip: { column: sql`dst_ip`, kind: 'ip' },
  user: { column: sql`user_name`, kind: 'text' },
  event_id: { column: sql`event_id`, kind: 'integer' },
  severity: { column: sql`severity`, kind: 'text' },
  message: { column: sql`message`, kind: 'text' },
};

const FIELD_NAME = /^[A-Za-z_@][\w@.-]{0,127}$/;

export interface FieldRef {
  /** The field's value as text (what keyword, wildcard and contains compare). */
  text: SQL;
  /** The typed column for common fields, for equality, ranges and indexes; null for raw paths. */
  typed: SQL | null;
  kind: 'text' | 'ip' | 'integer' | 'time' | 'raw';
}

/** A field name as SQL: a column, or `raw #>> path` with the path as a parameter. */
export function fieldRef(name: string, where = 'field'): FieldRef {
  const common = COLUMNS[name];
  if (common) {
    const text = common.kind === 'ip' ? sql`host(${common.column})` : sql`${common.column}::text`;
    return { text, typed: common.column, kind: common.kind };
  }
  if (!FIELD_NAME.test(name)) throw badRequest(where, `"${name}" is not a field name`);
  const path = `{${name.split('.').join(',')}}`;
  return { text: sql`(raw #>> ${path}::text[])`, typed: null, kind: 'raw' };
}

/** The whole event as text, for terms without a field (partial keyword, phrases). */
export const WHOLE_EVENT = sql`raw::text`;

/** Equality with a value, using the typed column where the value fits its type. */
export function equals(field: FieldRef, value: string): SQL {
  if (field.typed && field.kind === 'integer') {
    return /^-?\d{1,9}$/.test(value) ? sql`${field.typed} = ${Number(value)}` : sql`false`;
  }
  if (field.typed && field.kind === 'ip') {
    return isIP(value) ? sql`${field.typed} = ${value}::inet` : sql`false`;
  }
  if (field.typed && field.kind === 'text') return sql`${field.typed} = ${value}`;
  return sql`${field.text} = ${value}`;
}

/** Greater or less than, numerically for numbers, as instants for time, else as text. */
export function compare(field: FieldRef, op: '>' | '<' | '>=' | '<=', value: string, where: string): SQL {
  const operator = sql.raw(op);
  if (field.kind === 'integer' || (field.kind === 'raw' && /^-?\d+(\.\d+)?$/.test(value))) {
    if (!/^-?\d+(\.\d+)?$/.test(value)) throw badRequest(where, `"${value}" is not a number`);
    const number = field.typed
      ? field.typed
      : sql`(case when ${field.text} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${field.text})::numeric end)`;
    return sql`${number} ${operator} ${Number(value)}`;
  }
  if (field.kind === 'time') {
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) throw badRequest(where, `"${value}" is not a time`);
    return sql`${field.typed} ${operator} ${time.toISOString()}::timestamptz`;
  }
  return sql`${field.text} ${operator} ${value}`;
}
