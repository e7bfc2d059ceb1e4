import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL connections that keep the statements this process sends often as named prepared
 * statements: parsed and analysed once per connection instead of on every call. The alert path,
 * the job queue and the workflow steps send a few dozen statement shapes thousands of times;
 * parsing and planning them again each time was the larger part of the server's work for them.
 *
 * As drivers such as pgJDBC do (prepareThreshold), a statement is named once this process has
 * sent its text `after` times, so one-off statements (searches, reports, bulk lists of varying
 * length) never take a name; and at most `most` texts are ever named, which bounds what each
 * connection keeps on the server. Only statements with parameters are named: they already go by
 * the extended protocol, and a parameterless text may hold several statements, which cannot be
 * prepared.
 *
 * Named statements are safe with the tenancy model: PostgreSQL re-plans a cached statement when
 * the role (row-level security) or the schema changed since it was planned.
 */
export interface PreparedStatementOptions {
  /** Sends of a text before it is named: 1 names every statement with parameters. */
  after: number;
  /** Texts named at most; once reached, new texts are sent unnamed. */
  most: number;
}

export const DEFAULT_PREPARED: PreparedStatementOptions = { after: 5, most: 300 };
/** Texts counted at most before the counts start over, so one-off texts cannot grow it without end. */
const COUNTED_MOST = 5_000;

/**
 * What `DATABASE_PREPARED_STATEMENTS` asks for: on (the default) or off, for a connection pooler
 * in transaction mode that cannot keep named statements (PgBouncer before 1.21).
 */
export function preparedFromEnv(
  value = process.env.DATABASE_PREPARED_STATEMENTS,
): PreparedStatementOptions | null {
  const setting = (value ?? 'on').trim().toLowerCase();
  if (setting === 'off' || setting === 'false' || setting === '0') return null;
  if (setting === 'on' || setting === 'true' || setting === '1' || setting === '') return DEFAULT_PREPARED;
  throw new Error(`DATABASE_PREPARED_STATEMENTS must be on or off, not "${value}"`);
}

/** A `pg.Client` class for `new pg.Pool({ Client })` that names frequent statements. */
export function preparingClient(options: PreparedStatementOptions): typeof pg.Client {
  const counts = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= options.most) return known;
    const sent = (counts.get(text) ?? 0) + 1;
    if (sent < options.after) {
      if (counts.size >= COUNTED_MOST) counts.clear();
      counts.set(text, sent);
      return undefined;
    }
    counts.delete(text);
    // A digest of the text: one name per text in every connection, and never one name for two texts.
    const name = `stmt_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    names.set(text, name);
    return name;
  };
  class PreparingClient extends pg.Client {}
  const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  PreparingClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const [first, values] = args;
    // `query(text, values)` as `query({ text }, values)`: the same call, which a name can join.
    const config = typeof first === 'string' ? { text: first } : first;
    if (isUnnamedConfig(config) && hasParameters(config, values)) {
      const name = nameOf(config.text);
      if (name) args[0] = { ...config, name };
    }
    return plainQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return PreparingClient;
}

interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
}

function isUnnamedConfig(config: unknown): config is QueryConfigLike {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as Partial<QueryConfigLike>;
  // A query object of its own (a cursor, a stream) has a submit method and is left alone.
  return typeof text === 'string' && !name && typeof (config as { submit?: unknown }).submit !== 'function';
}

const hasParameters = (config: QueryConfigLike, values: unknown) =>
  (Array.isArray(values) && values.length > 0) || (Array.isArray(config.values) && config.values.length > 0);
