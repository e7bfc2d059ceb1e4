import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in answers one request for an account: status, body, headers. */
export type HibpAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A local stand-in for Have I Been Pwned v3 on a real socket: `/breachedaccount/{account}`
 * answers from `accounts` (a list of answers is used in turn, the last one repeating).
 */
export async function hibpServer(accounts: Record<string, HibpAnswer | HibpAnswer[]>) {
  const requests: { account: string; headers: IncomingHttpHeaders; query: string }[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const match = /^\/api\/v3\/breachedaccount\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const account = decodeURIComponent(match[1]!);
    const seen = requests.filter((r) => r.account === account).length;
    requests.push({ account, headers: request.headers, query: url.search });
    const planned = accounts[account] ?? { status: 404 };
    const answer = Array.isArray(planned) ? planned[Math.min(seen, planned.length - 1)]! : planned;
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v3`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const ADOBE = {
  Name: 'Adobe',
  Title: 'Adobe',
  Domain: 'adobe.com',
  BreachDate: '2013-10-04',
  PwnCount: 152445165,
  DataClasses: ['Email addresses', 'Password hints', 'Passwords', 'Usernames'],
  IsVerified: true,
};
