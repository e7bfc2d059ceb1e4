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
  /** The field's name as the search wrote it. */
  name: string;
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
    return { name, text, typed: common.column, kind: common.kind };
  }
  if (!FIELD_NAME.test(name)) throw badRequest(where, `"${name}" is not a field name`);
  const path = `{${name.split('.').join(',')}}`;
  return { name, text: sql`(raw #>> ${path}::text[])`, typed: null, kind: 'raw' };
}

/** The whole event as text, for terms without a field (partial keyword, phrases). */
export const WHOLE_EVENT = sql`raw::text`;

/**
 * Equality with a value, using the typed column where the value fits its type. A word matches no
 * whole-number field, but a whole number it cannot hold is refused where it was written, as in
 * comparisons.
 */
export function equals(field: FieldRef, value: string, where = 'value'): SQL {
  if (field.typed && field.kind === 'integer') {
    if (!/^-?\d+$/.test(value)) return sql`false`;
    const whole = Number(value);
    if (!(whole >= INTEGER_MIN && whole <= INTEGER_MAX))
      throw badRequest(
        where,
        `"${value}" is not a value ${field.name} can hold: a whole number from ${INTEGER_MIN} to ${INTEGER_MAX}`,
      );
    return sql`${field.typed} = ${whole}`;
  }
  if (field.typed && field.kind === 'ip') {
    return isIP(value) ? sql`${field.typed} = ${value}::inet` : sql`false`;
  }
  if (field.typed && field.kind === 'text') return sql`${field.typed} = ${value}`;
  return sql`${field.text} = ${value}`;
}

/** What an integer column holds (PostgreSQL `integer`). */
const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;
/** Digits a number compared with a raw field may have: more is no value an event carries. */
const MAX_DIGITS = 30;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A time a search may compare with: a real instant within the calendar PostgreSQL and ISO 8601
 * share (years 1 to 9999); anything else is refused where it was written.
 */
export function searchTime(value: string, where: string, what = 'a time'): Date {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw badRequest(where, `"${value}" is not ${what}`);
  const year = time.getUTCFullYear();
  if (year < 1 || year > 9999) throw badRequest(where, `"${value}" is outside the years 1 to 9999`);
  return time;
}

/**
 * Greater or less than, numerically for numbers, as instants for time, else as text. A value the
 * field cannot hold (a fraction or an overflow for a whole-number field, a number of hundreds of
 * digits, a time beyond the calendar) is refused here, naming the field, rather than failing later
 * as a statement.
 */
export function compare(field: FieldRef, op: '>' | '<' | '>=' | '<=', value: string, where: string): SQL {
  const operator = sql.raw(op);
  if (field.kind === 'integer') {
    const whole = /^-?\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (!(whole >= INTEGER_MIN && whole <= INTEGER_MAX))
      throw badRequest(
        where,
        `"${value}" is not a value ${field.name} can hold: a whole number from ${INTEGER_MIN} to ${INTEGER_MAX}`,
      );
    return sql`${field.typed} ${operator} ${whole}`;
  }
  if (field.kind === 'raw' && NUMBER.test(value)) {
    if (value.replace(/[-.]/g, '').length > MAX_DIGITS)
      throw badRequest(where, `"${value}" has more than ${MAX_DIGITS} digits to compare ${field.name} with`);
    const number = sql`(case when ${field.text} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${field.text})::numeric end)`;
    return sql`${number} ${operator} ${value}::numeric`;
  }
  if (field.kind === 'time') {
    const time = searchTime(value, where);
    return sql`${field.typed} ${operator} ${time.toISOString()}::timestamptz`;
  }
  return sql`${field.text} ${operator} ${value}`;
}
