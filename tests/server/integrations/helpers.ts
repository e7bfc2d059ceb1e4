import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signDelivery } from '../../../src/server/areas/integrations/index.ts';
import type { TestApp } from '../../helpers/app.ts';

export type User = { contactId: string };
export const BASE = '/api/integrations/v1/integrations';
export const SECRET = 'a-signing-secret-of-at-least-32-characters';

/** A local receiver standing for Slack, Teams, PagerDuty or any HTTP endpoint: it records each request. */
export async function receiver(status = 200) {
  const received: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '/', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const create = (t: TestApp, user: User, payload: Record<string, unknown>) =>
  t.as(user, { method: 'POST', url: BASE, payload });

export const validate = (t: TestApp, user: User, id: string) =>
  t.as(user, { method: 'POST', url: `${BASE}/${id}/validate` });

export const mapCustomer = (t: TestApp, user: User, id: string, customerId: string, externalId: string) =>
  t.as(user, {
    method: 'POST',
    url: `${BASE}/${id}/mappings`,
    payload: { customer_id: customerId, external_id: externalId, external_name: externalId },
  });

/** A delivery as a sender makes it: the body, its timestamp and signature. */
export function deliver(
  t: TestApp,
  id: string,
  body: unknown,
  options: { secret?: string; timestamp?: number; signature?: string; header?: string } = {},
) {
  const text = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = options.signature ?? signDelivery(options.secret ?? SECRET, timestamp, text);
  return t.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/webhooks/${id}`,
    headers: {
      'content-type': 'application/json',
      'x-watchfloor-timestamp': timestamp,
      [options.header ?? 'x-watchfloor-signature']: signature,
    },
    payload: text,
  });
}
