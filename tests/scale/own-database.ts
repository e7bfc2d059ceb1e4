import { randomBytes } from 'node:crypto';
import type { SessionTokens } from '../../src/server/auth/session-tokens.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { type Fixtures, insertFixtures } from '../helpers/fixtures.ts';
import { adminQuery } from '../helpers/global-setup.ts';

export interface OwnDatabase {
  /** The address the file's server processes are given. */
  url: string;
  database: Database;
  fixtures: Fixtures;
  /** Closes it and drops it. */
  drop(): Promise<void>;
}

/** A database of one scale file's own on the server at `serverUrl`: created, opened, with the test fixtures. */
export async function ownDatabase(prefix: string, serverUrl: string): Promise<OwnDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const address = new URL(serverUrl);
  address.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: address.href, dataDir: '' });
  const fixtures = await insertFixtures(database.db);
  return {
    url: address.href,
    database,
    fixtures,
    async drop() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A browser's calls to a server process, as a person: their bearer token, and the XSRF cookie
 * with the header that repeats it.
 */
export function browserCalls(tokens: SessionTokens) {
  const xsrf = randomBytes(16).toString('hex');
  return async (base: string, user: { contactId: string }, method: string, path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${(await tokens.issue(user.contactId)).access_token}`,
        'content-type': 'application/json',
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}`,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
}
