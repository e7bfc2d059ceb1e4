import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { reachContext } from './helpers.ts';

/** What only the statement, its parameters or a stack would show. */
const INTERNALS = /select |log_events|\$\d|Failed query|params|message_hidden|column|\.ts:\d|\n\s+at /i;

describe.each(backends())('a search that fails in the database on %s', (backend) => {
  const c = reachContext(backend);

  /** Hides the `message` column from the table the job reads and the view requests read, for `fn`. */
  const withoutMessageColumn = async (fn: () => Promise<void>) => {
    const db = c.t.database.db;
    await db.execute(sql`alter table log_events rename column message to message_hidden`);
    await db.execute(sql`alter view log_events_visible rename column message to message_hidden`);
    try {
      await fn();
    } finally {
      await db.execute(sql`alter view log_events_visible rename column message_hidden to message`);
      await db.execute(sql`alter table log_events rename column message_hidden to message`);
    }
  };

  it('answers a reason code and a plain message, never the statement, its parameters or a stack', async () => {
    const user = c.t.fixtures.acmeUser;
    const id = await c.searchOf(user, 'message:"reachable acme one"');
    await withoutMessageColumn(async () => {
      await c.runSearches();
      const read = await c.t.as(user, { url: `/api/search/v1/search/${id}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ status: 'failed', error: 'failed', results: [] });
      expect(read.body).not.toMatch(INTERNALS);

      for (const url of [`/api/search/v1/graphs/${id}/hits`, `/api/search/v1/meta/${id}/top/host`]) {
        const answer = await c.t.as(user, { url });
        expect(answer.body, url).not.toMatch(INTERNALS);
        if (answer.statusCode >= 400) {
          expect(answer.json().error).toEqual({
            code: 'internal',
            message: 'Something went wrong on our side.',
          });
        }
      }
    });
    // The search runs again once the database answers.
    const again = await c.t.as(user, { method: 'POST', url: `/api/search/v1/search/${id}` });
    expect(again.statusCode, again.body).toBe(200);
    await c.runSearches();
    const done = await c.t.as(user, { url: `/api/search/v1/search/${id}` });
    expect(done.json()).toMatchObject({ status: 'done', total: 1, error: null });
  });
});
