import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, assistantConversations, auditLog } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import type { FakeModel, ModelRequest } from '../../helpers/fake-model.ts';
import { env, parseEvents, SECRETS, seedWorld, startFakeModel } from './helpers.ts';

const base = '/api/assistant/v1';
type User = { contactId: string };

describe.each(backends())('assistant chat on %s', (backend) => {
  let t: TestApp;
  let model: FakeModel;
  let world: Awaited<ReturnType<typeof seedWorld>>;
  beforeAll(async () => {
    model = await startFakeModel();
    t = await createTestApp(backend, env(model));
    world = await seedWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const start = async (user: User) => {
    const created = await t.as(user, { method: 'POST', url: `${base}/conversations`, payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const ask = (user: User, id: string, content: string, context: Record<string, unknown> = { route: '/' }) =>
    t.as(user, {
      method: 'POST',
      url: `${base}/conversations/${id}/messages`,
      payload: { content, context },
    });
  const enable = (enabled: boolean) =>
    t.as(t.fixtures.admin, { method: 'PUT', url: `${base}/settings`, payload: { enabled, policy: 'any' } });

  it('requires sign-in', async () => {
    expect((await t.as(null, { method: 'GET', url: `${base}/status` })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'GET', url: `${base}/conversations` })).statusCode).toBe(401);
  });

  it('stays off until the provider switches it on, and says why', async () => {
    const status = await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/status` });
    expect(status.json()).toMatchObject({ available: false, reason: 'not_enabled', model: 'fake-1' });
    const id = await start(t.fixtures.acmeUser);
    const refused = await ask(t.fixtures.acmeUser, id, 'Hello');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/not switched the assistant on/);
    expect(
      (
        await t.as(t.fixtures.analyst, {
          method: 'PUT',
          url: `${base}/settings`,
          payload: { enabled: true, policy: 'any' },
        })
      ).statusCode,
    ).toBe(403);
    const on = await enable(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ available: true, reason: null, enabled: true });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'assistant_settings'));
    expect(audited).toHaveLength(1);
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const id = await start(t.fixtures.acmeUser);
    const empty = await ask(t.fixtures.acmeUser, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].field).toBe('content');
    const noContext = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: `${base}/conversations/${id}/messages`,
      payload: { content: 'Hi' },
    });
    expect(noContext.statusCode).toBe(400);
    const conversation = await t.as(t.fixtures.acmeUser, {
      method: 'GET',
      url: `${base}/conversations/${id}`,
    });
    expect(conversation.json().messages).toEqual([]);
  });

  it('explains the alert on screen: streamed, citing it, placeholders restored, sent payload shown', async () => {
    const id = await start(t.fixtures.acmeUser);
    const before = model.bodies.length;
    const answer = await ask(t.fixtures.acmeUser, id, 'Explain this alert', {
      route: `/alerts/${world.acmeAlert}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/event-stream/);
    const { events, text } = parseEvents(answer.body);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['start', 'tool', 'delta', 'done']));
    expect(events.find((e) => e.event === 'tool')?.data).toEqual({ name: 'get_alert', rows: 1 });
    expect(text).toContain(`[alert:${world.acmeAlert}]`);
    // The model wrote placeholders; the person reads the real names.
    expect(text).toContain('ACME-DC01');
    expect(text).toContain('Acme Test');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      role: 'assistant',
      content: text,
      citations: [{ kind: 'alert', id: String(world.acmeAlert) }],
    });

    const sent = model.bodies.slice(before);
    expect(sent).toHaveLength(2);
    for (const body of sent) for (const secret of SECRETS) expect(body).not.toContain(secret);
    expect(sent[1]).toMatch(/\[HOST_\d+\]/);
    const shown = await t.as(t.fixtures.acmeUser, {
      method: 'GET',
      url: `${base}/conversations/${id}/messages/${done.data.id}/sent`,
    });
    expect(shown.json().requests.map((r: { body: string }) => r.body)).toEqual(sent);
    expect(shown.json().requests[0].url).toBe(`${model.url}/chat/completions`);

    const conversation = (
      await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/conversations/${id}` })
    ).json();
    expect(conversation.title).toBe('Explain this alert');
    expect(conversation.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it("keeps the placeholders of a conversation stable across turns and never leaks the caller's words", async () => {
    const id = await start(t.fixtures.acmeUser);
    const before = model.bodies.length;
    await ask(t.fixtures.acmeUser, id, 'Is ACME-DC01 talking to 203.0.113.77? Mail jane.doe@acme.test', {
      route: '/',
    });
    await ask(t.fixtures.acmeUser, id, 'And what about ACME-DC01 now?', { route: '/' });
    const sent = model.bodies.slice(before);
    for (const body of sent) for (const secret of SECRETS) expect(body).not.toContain(secret);
    const questions = sent.map((body) =>
      (JSON.parse(body) as ModelRequest).messages.filter((m) => m.role === 'user'),
    );
    const last = questions.at(-1)!;
    const host = /\[HOST_\d+\]/.exec(last[0]!.content!)![0];
    expect(last[1]!.content).toContain(host);
  });

  it('hides a host enrolled or renamed between two questions of a conversation', async () => {
    const id = await start(t.fixtures.acmeUser);
    await ask(t.fixtures.acmeUser, id, 'How is ACME-DC01?');
    const [added] = await t.database.db
      .insert(agents)
      .values({
        customerId: t.fixtures.acme.customerId,
        hostName: 'ACME-LATE-ENROLLED',
        platform: 'linux',
        architecture: 'x64',
        version: '1.0.0',
      })
      .returning();
    try {
      const before = model.bodies.length;
      await ask(t.fixtures.acmeUser, id, 'And ACME-LATE-ENROLLED?');
      await t.database.db
        .update(agents)
        .set({ hostName: 'ACME-RENAMED-HOST' })
        .where(eq(agents.agentId, added!.agentId));
      await ask(t.fixtures.acmeUser, id, 'Is ACME-RENAMED-HOST the same machine?');
      const sent = model.bodies.slice(before);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const body of sent) {
        expect(body).not.toContain('ACME-LATE-ENROLLED');
        expect(body).not.toContain('ACME-RENAMED-HOST');
      }
      expect(sent.at(-1)).toMatch(/Is \[HOST_\d+\] the same machine/);
    } finally {
      await t.database.db.delete(agents).where(eq(agents.agentId, added!.agentId));
    }
  });

  it('streams nothing of an answer whose question could not be stored', async () => {
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

  it("answers a customer's user from their own customer only, and links no foreign id", async () => {
    const id = await start(t.fixtures.acmeUser);
    const before = model.bodies.length;
    const foreign = parseEvents(
      (await ask(t.fixtures.acmeUser, id, `Explain alert ${world.globexAlert}`)).body,
    );
    expect(foreign.events.find((e) => e.event === 'tool')?.data).toEqual({ name: 'get_alert', rows: 0 });
    const listed = parseEvents((await ask(t.fixtures.acmeUser, id, 'What is going on?')).body);
    expect(listed.events.find((e) => e.event === 'tool')?.data).toEqual({ name: 'find_alerts', rows: 1 });
    const toolAnswers = model.bodies
      .slice(before)
      .flatMap((body) => (JSON.parse(body) as ModelRequest).messages.filter((m) => m.role === 'tool'));
    for (const m of toolAnswers) expect(m.content).not.toContain(`"id":${world.globexAlert}`);

    model.script(() => ({ text: `See [alert:${world.globexAlert}] and [alert:${world.acmeAlert}].` }));
    try {
      const cited = parseEvents((await ask(t.fixtures.acmeUser, id, 'Cite both')).body);
      expect(cited.events.at(-1)?.data.citations).toEqual([{ kind: 'alert', id: String(world.acmeAlert) }]);
    } finally {
      model.script(null);
    }
  });

  it('narrows the tools to the customers selected in the console', async () => {
    const id = await start(t.fixtures.analyst);
    const all = parseEvents((await ask(t.fixtures.analyst, id, 'What is going on?')).body);
    expect(all.events.find((e) => e.event === 'tool')?.data).toEqual({ name: 'find_alerts', rows: 2 });
    const narrowed = parseEvents(
      (
        await ask(t.fixtures.analyst, id, 'What is going on?', {
          route: '/alerts',
          customer_ids: [t.fixtures.globex.customerId],
        })
      ).body,
    );
    expect(narrowed.events.find((e) => e.event === 'tool')?.data).toEqual({ name: 'find_alerts', rows: 1 });
  });

  it('caps what a tool reads and audits each call with who, tool, arguments and row count', async () => {
    const { alerts } = await import('../../../src/server/db/schema/index.ts');
    await t.database.db.insert(alerts).values(
      Array.from({ length: 30 }, (_, i) => ({
        customerId: t.fixtures.acme.customerId,
        title: `Noise ${i}`,
        type: 'noise',
      })),
    );
    const id = await start(t.fixtures.acmeUser);
    let calls = 0;
    model.script((request) =>
      request.messages.at(-1)?.role === 'tool' || calls++ > 0
        ? { text: 'Done.' }
        : {
            tools: [
              { name: 'find_alerts', arguments: { limit: 1000 } },
              { name: 'search_logs', arguments: { text: 'x', hours: 100000, limit: 1000 } },
            ],
          },
    );
    try {
      const answer = parseEvents((await ask(t.fixtures.acmeUser, id, 'Everything please')).body);
      expect(answer.events.filter((e) => e.event === 'tool').map((e) => e.data)).toEqual([
        { name: 'find_alerts', rows: 20 },
        { name: 'search_logs', rows: 0 },
      ]);
    } finally {
      model.script(null);
    }
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'assistant_tool'), eq(auditLog.actorId, t.fixtures.acmeUser.contactId)));
    const capped = rows.find((r) => (r.after as { arguments: { limit?: number } }).arguments.limit === 1000);
    expect(capped?.after).toMatchObject({ tool: 'find_alerts', rows: 20, arguments: { limit: 1000 } });
    expect(rows.some((r) => (r.after as { tool: string }).tool === 'search_logs')).toBe(true);
  });

  it('reports a model that fails as an error event and stores no answer', async () => {
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
    const id = await start(t.fixtures.acmeUser);
    const done = parseEvents((await ask(t.fixtures.acmeUser, id, 'What is going on?')).body).events.at(-1)!;
    const answerId = done.data.id as string;
    for (const other of [t.fixtures.globexUser, t.fixtures.admin]) {
      expect((await t.as(other, { method: 'GET', url: `${base}/conversations/${id}` })).statusCode).toBe(404);
      expect(
        (await t.as(other, { method: 'PATCH', url: `${base}/conversations/${id}`, payload: { title: 'x' } }))
          .statusCode,
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
      (await t.as(t.fixtures.acmeUser, { method: 'DELETE', url: `${base}/conversations/${id}` })).statusCode,
    ).toBe(204);
    expect(
      (await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/conversations/${id}` })).statusCode,
    ).toBe(404);
  });

  it('ends a session on request and after the idle limit; an ended session takes no question', async () => {
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
});

describe('assistant without an endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 120_000);
  afterAll(() => t.close());

  it('says it is not configured and refuses questions', async () => {
    {
      const status = await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/status` });
      expect(status.json()).toMatchObject({ available: false, reason: 'not_configured', model: null });
      const id = (
        await t.as(t.fixtures.acmeUser, { method: 'POST', url: `${base}/conversations`, payload: {} })
      ).json().id;
      const refused = await t.as(t.fixtures.acmeUser, {
        method: 'POST',
        url: `${base}/conversations/${id}/messages`,
        payload: { content: 'Hi', context: { route: '/' } },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/not configured/);
    }
  });
});
