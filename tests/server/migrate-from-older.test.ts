import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { backends, databaseForProcesses } from '../helpers/database.ts';

// A database made by an older release (its migrations up to OLDER_RELEASE, its rows written with
// the SQL of that schema) is migrated to now by the server's own start, and the console serves
// those rows as they were.

const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
/** The last migration of the older release: before the dashboard rollups, alert–agent links, reports, workflows… */
const OLDER_RELEASE = '0034_threat2_fuzz_lists';

/** The migrations folder as the older release shipped it: the journal cut after its last entry. */
function olderMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'watchfloor-older-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === OLDER_RELEASE);
  if (last < 0) throw new Error(`no migration ${OLDER_RELEASE}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const PARTNER = '11111111-1111-4111-8111-111111111111';
const ACME = '22222222-2222-4222-8222-222222222222';
const GLOBEX = '33333333-3333-4333-8333-333333333333';
const ANALYST = '44444444-4444-4444-8444-444444444444';
const ACME_USER = '55555555-5555-4555-8555-555555555555';

/** Rows as the older release wrote them: only columns its schema had. */
const OLDER_ROWS = `
  insert into partners (partner_id, name) values ('${PARTNER}', 'Older MSSP');
  insert into customers (customer_id, partner_id, name) values
    ('${ACME}', '${PARTNER}', 'Acme Older'), ('${GLOBEX}', '${PARTNER}', 'Globex Older');
  insert into users (contact_id, partner_id, email, role_level, permissions, valid_customer_ids) values
    ('${ANALYST}', '${PARTNER}', 'analyst@older.test', 'Global', '{global_user,read_all,modify_all}', '{}'),
    ('${ACME_USER}', '${PARTNER}', 'user@acme-older.test', 'Customer', '{}', '{${ACME}}');
  insert into alerts (customer_id, title, type, status, priority) values
    ('${ACME}', 'Older phishing', 'email', 'open', 'high'),
    ('${ACME}', 'Older malware', 'edr', 'new', 'critical'),
    ('${GLOBEX}', 'Older Globex alert', 'edr', 'closed', 'low');
  insert into cases (customer_id, title) values ('${ACME}', 'Older case');
  insert into discussions (customer_id, entity, entity_id, body)
    select '${ACME}', 'alert', id, 'Written before the upgrade' from alerts where title = 'Older phishing';
`;

describe.each(backends())('migrating a database of the older release on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every row, and the console serves them after the upgrade', async () => {
    const older = olderMigrations();
    cleanups.push(async () => rmSync(older, { recursive: true }));
    const place = await databaseForProcesses(backend, 'older-release');
    cleanups.push(place.drop);

    // The older release's start: its migrations, then its rows.
    if (backend === 'pglite') {
      const client = await PGlite.create({ dataDir: place.where, extensions: { pg_trgm } });
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: older });
      await client.exec(OLDER_ROWS);
      await client.close();
    } else {
      const pool = new pg.Pool({ connectionString: place.where, max: 1 });
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder: older });
      await pool.query(OLDER_ROWS);
      await pool.end();
    }

    // Today's start on the same database: every later migration, then the console.
    const database = await place.open();
    const app = await buildApp(
      loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' }),
      database,
      { logger: false },
    );
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    await app.ready();
    const as = async (contactId: string, url: string) => {
      const token = (await app.sessionTokens.issue(contactId)).access_token;
      const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    const all = await as(ANALYST, '/api/alerts/v1/alerts/');
    expect(all.alerts.map((a: { title: string }) => a.title).sort()).toEqual([
      'Older Globex alert',
      'Older malware',
      'Older phishing',
    ]);
    const own = await as(ACME_USER, '/api/alerts/v1/alerts/');
    expect(own.alerts.map((a: { title: string }) => a.title).sort()).toEqual([
      'Older malware',
      'Older phishing',
    ]);
    const phishing = own.alerts.find((a: { title: string }) => a.title === 'Older phishing');
    expect(phishing).toMatchObject({ status: 'open', priority: 'high', customer_id: ACME });
    const discussion = await as(ACME_USER, `/api/alerts/v1/alerts/${phishing.id}/discussions`);
    expect(JSON.stringify(discussion)).toContain('Written before the upgrade');
    const cases = await as(ACME_USER, '/api/cases/v1/cases/');
    expect(cases.cases.map((c: { title: string }) => c.title)).toEqual(['Older case']);
    const customers = await as(ANALYST, '/api/management/customers');
    expect(customers.customers.map((c: { name: string }) => c.name)).toEqual(['Acme Older', 'Globex Older']);
  }, 240_000);
});
