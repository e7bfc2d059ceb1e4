import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { agents, alerts } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';
import { type FakeModel, startFakeModel } from '../../helpers/fake-model.ts';

export interface AssistantWorld {
  model: FakeModel;
  acmeAlert: number;
  globexAlert: number;
  acmeAgent: string;
}

/** What the seed of these tests names: none of it may reach the model in clear text. */
export const SECRETS = [
  'ACME-DC01',
  'GLOBEX-WEB01',
  'Acme Test',
  'Globex Test',
  'jane.doe@acme.test',
  'user@acme.test',
  'Cas Tomer',
  '10.1.2.3',
  '203.0.113.77',
  'jdoe',
];

export const env = (model: FakeModel) => ({
  ASSISTANT_BASE_URL: model.url,
  ASSISTANT_MODEL: 'fake-1',
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
});

/** An agent and an alert at each customer, naming hosts, a person and addresses. */
export async function seedWorld(t: TestApp): Promise<Omit<AssistantWorld, 'model'>> {
  const db = t.database.db;
  const [agent] = await db
    .insert(agents)
    .values({
      customerId: t.fixtures.acme.customerId,
      hostName: 'ACME-DC01',
      platform: 'windows',
      architecture: 'x64',
      version: '1.0.0',
      ip: '10.1.2.3',
    })
    .returning();
  const [acme, globex] = await db
    .insert(alerts)
    .values([
      {
        customerId: t.fixtures.acme.customerId,
        title: 'Brute force against ACME-DC01 from 203.0.113.77',
        type: 'authentication',
        priority: 'high',
        hostName: 'ACME-DC01',
        agentId: agent!.agentId,
        fields: { user_name: 'jdoe', email: 'jane.doe@acme.test', source_ip: '203.0.113.77' },
      },
      {
        customerId: t.fixtures.globex.customerId,
        title: 'Web shell on GLOBEX-WEB01',
        type: 'malware',
        priority: 'critical',
        hostName: 'GLOBEX-WEB01',
      },
    ])
    .returning();
  return { acmeAlert: acme!.id, globexAlert: globex!.id, acmeAgent: agent!.agentId };
}

export { startFakeModel };

export interface Streamed {
  events: { event: string; data: Record<string, unknown> }[];
  text: string;
}

/** The server-sent events of an answer, parsed, and the text its deltas make. */
export function parseEvents(body: string): Streamed {
  const events = body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
      return { event, data };
    });
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
  return { events, text };
}

/** The assistant's API root. */
export const ASSISTANT_BASE = '/api/assistant/v1';

type Caller = { contactId: string };

export interface ChatApp {
  t: TestApp;
  model: FakeModel;
  world: Omit<AssistantWorld, 'model'>;
  /** A new conversation of the caller's; its id. */
  start(user: Caller): Promise<string>;
  /** One question in a conversation, asked from a screen (`context`). */
  ask(
    user: Caller,
    id: string,
    content: string,
    context?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  /** The provider switches the assistant on or off for everyone. */
  enable(enabled: boolean): Promise<LightMyRequestResponse>;
}

/**
 * An app talking to a fake model, with the seeded world, for the tests of one describe block:
 * filled in before its first test, closed after its last. `enabled` switches the assistant on
 * before the tests run; without it the tests start from the provider's default (off).
 */
export function chatAppFor(backend: Backend, options: { enabled: boolean }): ChatApp {
  const app = {
    start: async (user) => {
      const created = await app.t.as(user, {
        method: 'POST',
        url: `${ASSISTANT_BASE}/conversations`,
        payload: {},
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    },
    ask: (user, id, content, context = { route: '/' }) =>
      app.t.as(user, {
        method: 'POST',
        url: `${ASSISTANT_BASE}/conversations/${id}/messages`,
        payload: { content, context },
      }),
    enable: (enabled) =>
      app.t.as(app.t.fixtures.admin, {
        method: 'PUT',
        url: `${ASSISTANT_BASE}/settings`,
        payload: { enabled, policy: 'any' },
      }),
  } as ChatApp;
  beforeAll(async () => {
    app.model = await startFakeModel();
    app.t = await createTestApp(backend, env(app.model));
    app.world = await seedWorld(app.t);
    if (options.enabled) {
      const on = await app.enable(true);
      expect(on.statusCode, on.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app.t?.close();
    await app.model?.close();
  });
  return app;
}
