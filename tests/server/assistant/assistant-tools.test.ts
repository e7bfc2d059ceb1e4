import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import type { ModelRequest } from '../../helpers/fake-model.ts';
import { chatAppFor, parseEvents } from './helpers.ts';

describe.each(backends())(
  "assistant tools on %s: the caller's customers only, capped and audited",
  (backend) => {
    const chat = chatAppFor(backend, { enabled: true });

    it("answers a customer's user from their own customer only, and links no foreign id", async () => {
      const { t, model, world, start, ask } = chat;
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
      const { t, start, ask } = chat;
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
      const { t, model, start, ask } = chat;
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
        .where(
          and(eq(auditLog.entity, 'assistant_tool'), eq(auditLog.actorId, t.fixtures.acmeUser.contactId)),
        );
      const capped = rows.find(
        (r) => (r.after as { arguments: { limit?: number } }).arguments.limit === 1000,
      );
      expect(capped?.after).toMatchObject({ tool: 'find_alerts', rows: 20, arguments: { limit: 1000 } });
      expect(rows.some((r) => (r.after as { tool: string }).tool === 'search_logs')).toBe(true);
    });
  },
);
