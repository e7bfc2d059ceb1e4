import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { type Database, openDatabase } from '../../../src/server/db/client.ts';
import { alerts } from '../../../src/server/db/schema/index.ts';
import { APP_ROLE } from '../../../src/server/db/tenancy.ts';
import { type Fixtures, insertFixtures } from '../../helpers/fixtures.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * The server on PostgreSQL as the README's "On PostgreSQL" section sets it up: the connecting user
 * owns the database and is not a superuser; an administrator created the app role and granted it.
 */
describe.runIf(serverUrl)('PostgreSQL with a connecting user who is not a superuser', () => {
  const suffix = randomBytes(5).toString('hex');
  const owner = `watchfloor_owner_${suffix}`;
  const name = `watchfloor_owned_${suffix}`;
  const admin = () => new pg.Client({ connectionString: serverUrl });
  let database: Database;
  let fixtures: Fixtures;

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    try {
      await client.query(`create role ${owner} login nosuperuser nocreatedb nocreaterole nobypassrls`);
      await client.query(`do $$ begin
        if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
          create role ${APP_ROLE} nologin nosuperuser nobypassrls;
        end if; end $$`);
      await client.query(`grant ${APP_ROLE} to ${owner}`);
      // Creating a database for another owner takes membership in that role (PostgreSQL 15).
      await client.query(`grant ${owner} to current_user`);
      await client.query(`create database ${name} owner ${owner}`);
    } finally {
      await client.end();
    }
    const url = new URL(serverUrl!);
    url.username = owner;
    url.password = '';
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
    fixtures = await insertFixtures(database.db);
  });

  afterAll(async () => {
    await database?.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`drop role if exists ${owner}`);
    await client.end();
  });

  it('migrates, seeds through the system connection and serves requests under row-level security', async () => {
    await database.db.insert(alerts).values([
      { customerId: fixtures.acme.customerId, title: 'Acme only', type: 'edr' },
      { customerId: fixtures.globex.customerId, title: 'Globex only', type: 'edr' },
    ]);
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' }), database, {
      logger: false,
    });
    try {
      const { access_token } = await app.sessionTokens.issue(fixtures.acmeUser.contactId);
      const response = await app.inject({
        url: '/api/alerts/v1/alerts/',
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const titles = (response.json().alerts as { title: string }[]).map((a) => a.title);
      expect(titles).toEqual(['Acme only']);
    } finally {
      await app.close();
    }
  });
});
