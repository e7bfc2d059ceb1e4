import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The query layer both backends share: PGlite (embedded) and PostgreSQL (`DATABASE_URL`). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
