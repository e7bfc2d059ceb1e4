import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import type { ModelRequest } from '../../helpers/fake-model.ts';
import { ASSISTANT_BASE as base, chatAppFor, parseEvents, SECRETS } from './helpers.ts';

describe.each(backends())(
  'assistant placeholders on %s: no name, host, person or address reaches the model',
  (backend) => {
    const chat = chatAppFor(backend, { enabled: true });

    it('explains the alert on screen: streamed, citing it, placeholders restored, sent payload shown', async () => {
      const { t, model, world, start, ask } = chat;
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
      const { t, model, start, ask } = chat;
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
      const { t, model, start, ask } = chat;
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
  },
);
