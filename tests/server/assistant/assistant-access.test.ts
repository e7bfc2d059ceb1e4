import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { ASSISTANT_BASE as base, chatAppFor } from './helpers.ts';

describe.each(backends())(
  'assistant access on %s: switched on by the provider, refusing the signed-out and bad input',
  (backend) => {
    const chat = chatAppFor(backend, { enabled: false });

    it('requires sign-in', async () => {
      const { t } = chat;
      expect((await t.as(null, { method: 'GET', url: `${base}/status` })).statusCode).toBe(401);
      expect((await t.as(null, { method: 'GET', url: `${base}/conversations` })).statusCode).toBe(401);
    });

    it('stays off until the provider switches it on, and says why', async () => {
      const { t, start, ask, enable } = chat;
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
      const { t, start, ask } = chat;
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
  },
);

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
