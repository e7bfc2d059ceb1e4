import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assistantConversations } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { ASSISTANT_BASE as base, chatAppFor, parseEvents } from './helpers.ts';

describe.each(backends())(
  'assistant conversations on %s: stored answers, failures, owners and ends',
  (backend) => {
    const chat = chatAppFor(backend, { enabled: true });

    it('streams nothing of an answer whose question could not be stored', async () => {
      const { t, start, ask } = chat;
      const id = await start(t.fixtures.acmeUser);
      // The database refuses this one question, after the model has been asked.
      await t.database.db.execute(sql`
      create function refuse_question() returns trigger language plpgsql as $$
      begin
        if new.content = 'Refused question' then raise exception 'refused'; end if;
        return new;
      end $$`);
      await t.database.db.execute(sql`
      create trigger refuse_question before insert on assistant_messages
      for each row execute function refuse_question()`);
      try {
        const refused = await ask(t.fixtures.acmeUser, id, 'Refused question');
        expect(refused.statusCode).toBe(500);
        expect(refused.headers['content-type']).not.toMatch(/event-stream/);
        expect(refused.body).not.toContain('event: delta');
      } finally {
        await t.database.db.execute(sql`drop trigger refuse_question on assistant_messages`);
        await t.database.db.execute(sql`drop function refuse_question()`);
      }
      const kept = await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/conversations/${id}` });
      expect(kept.json().messages).toEqual([]);
    });

    it('reports a model that fails as an error event and stores no answer', async () => {
      const { t, model, start, ask } = chat;
      const id = await start(t.fixtures.acmeUser);
      model.script(() => ({ status: 503 }));
      try {
        const answer = parseEvents((await ask(t.fixtures.acmeUser, id, 'Hello')).body);
        expect(answer.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'model_unavailable' } });
      } finally {
        model.script(null);
      }
      const kept = await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/conversations/${id}` });
      expect(kept.json().messages.map((m: { role: string }) => m.role)).toEqual(['user']);
    });

    it('keeps conversations to their owner: list, rename, feedback, delete', async () => {
      const { t, start, ask } = chat;
      const id = await start(t.fixtures.acmeUser);
      const done = parseEvents((await ask(t.fixtures.acmeUser, id, 'What is going on?')).body).events.at(-1)!;
      const answerId = done.data.id as string;
      for (const other of [t.fixtures.globexUser, t.fixtures.admin]) {
        expect((await t.as(other, { method: 'GET', url: `${base}/conversations/${id}` })).statusCode).toBe(
          404,
        );
        expect(
          (
            await t.as(other, {
              method: 'PATCH',
              url: `${base}/conversations/${id}`,
              payload: { title: 'x' },
            })
          ).statusCode,
        ).toBe(404);
        expect((await t.as(other, { method: 'DELETE', url: `${base}/conversations/${id}` })).statusCode).toBe(
          404,
        );
        const listed = (await t.as(other, { method: 'GET', url: `${base}/conversations` })).json()
          .conversations;
        expect(listed.map((c: { id: string }) => c.id)).not.toContain(id);
      }
      const renamed = await t.as(t.fixtures.acmeUser, {
        method: 'PATCH',
        url: `${base}/conversations/${id}`,
        payload: { title: '  Weekly check ' },
      });
      expect(renamed.json().title).toBe('Weekly check');
      expect(
        (
          await t.as(t.fixtures.acmeUser, {
            method: 'PATCH',
            url: `${base}/conversations/${id}`,
            payload: { title: '' },
          })
        ).statusCode,
      ).toBe(400);
      const feedback = await t.as(t.fixtures.acmeUser, {
        method: 'PUT',
        url: `${base}/conversations/${id}/messages/${answerId}/feedback`,
        payload: { rating: 'down', option: 'incomplete', comment: 'Missed the logs' },
      });
      expect(feedback.statusCode, feedback.body).toBe(200);
      expect(feedback.json().feedback).toEqual({
        rating: 'down',
        option: 'incomplete',
        comment: 'Missed the logs',
      });
      const badRating = await t.as(t.fixtures.acmeUser, {
        method: 'PUT',
        url: `${base}/conversations/${id}/messages/${answerId}/feedback`,
        payload: { rating: 'meh' },
      });
      expect(badRating.statusCode).toBe(400);
      const listed = (await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/conversations` })).json()
        .conversations;
      expect(listed[0]).toMatchObject({ id, title: 'Weekly check', ended_at: null });
      expect(
        (await t.as(t.fixtures.acmeUser, { method: 'DELETE', url: `${base}/conversations/${id}` }))
          .statusCode,
      ).toBe(204);
      expect(
        (await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/conversations/${id}` })).statusCode,
      ).toBe(404);
    });

    it('ends a session on request and after the idle limit; an ended session takes no question', async () => {
      const { t, start, ask } = chat;
      const ended = await start(t.fixtures.acmeUser);
      const end = await t.as(t.fixtures.acmeUser, {
        method: 'POST',
        url: `${base}/conversations/${ended}/end`,
      });
      expect(end.json().ended_at).not.toBeNull();
      expect((await ask(t.fixtures.acmeUser, ended, 'Still there?')).statusCode).toBe(409);

      const idle = await start(t.fixtures.acmeUser);
      await t.database.db
        .update(assistantConversations)
        .set({ lastActiveAt: new Date(Date.now() - 901_000) })
        .where(eq(assistantConversations.id, idle));
      const read = (
        await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/conversations/${idle}` })
      ).json();
      expect(read.ended_at).toBe(read.idle_expires_at);
      const refused = await ask(t.fixtures.acmeUser, idle, 'Still there?');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/has ended/);
    });
  },
);
