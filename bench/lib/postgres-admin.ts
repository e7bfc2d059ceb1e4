import pg from 'pg';

/** The PostgreSQL server the benches make their databases on (BENCH_DATABASE_URL). */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on its own connection to the bench server (creating or dropping a database). */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
