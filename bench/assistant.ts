/**
 * Assistant budget: the console adds at most 100 ms to the model's own first token.
 * `npx tsx bench/assistant.ts` (not part of npm test).
 *
 * A local model speaking the chat completions protocol answers every question with streamed text
 * after BENCH_MODEL_FIRST_TOKEN_MS (default 150). The baseline, in the same run, is that model
 * asked directly: the time from the request to its first piece of content. The figure is the time
 * from a question posted to the console (real HTTP, signed in, an in-memory PGlite) to the first
 * `delta` event of its answer: everything the console does first (the caller, the conversation
 * and its history, the names to hide, storing the question, the guarded request) is in it.
 */
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { agents, alerts, customers, partners, users } from '../src/server/db/schema/index.ts';
import { startFakeModel } from '../tests/helpers/fake-model.ts';
import { percentile, report } from './lib/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const FIRST_TOKEN_MS = Number(process.env.BENCH_MODEL_FIRST_TOKEN_MS ?? 150);
const TARGET_MS = 100;

const model = await startFakeModel({ firstTokenMs: FIRST_TOKEN_MS, pieceMs: 5 });
model.script(() => ({ text: 'The host [HOST_1] raised [alert:1]; nothing else stands out this week.' }));

const database = await openDatabase({ dataDir: 'memory://' });
const db = database.db;
const [partner] = await db
  .insert(partners)
  .values({ name: 'Bench MSSP', data: { aviator_enabled: true } })
  .returning();
const [customer] = await db
  .insert(customers)
  .values({ partnerId: partner!.partnerId, name: 'Bench Customer' })
  .returning();
const [analyst] = await db
  .insert(users)
  .values({
    partnerId: partner!.partnerId,
    email: 'analyst@bench.example',
    firstName: 'Ana',
    lastName: 'Lyst',
    roleLevel: 'Global',
    permissions: ['global_user', 'read_all', 'modify_all'],
  })
  .returning();
// Names the console must hide in every question: a realistic estate of hosts.
await db.insert(agents).values(
  Array.from({ length: 2000 }, (_, i) => ({
    customerId: customer!.customerId,
    hostName: `BENCH-WS${String(i).padStart(4, '0')}`,
    platform: 'windows',
    architecture: 'x64',
    version: '1.0.0',
  })),
);
await db.insert(alerts).values({ customerId: customer!.customerId, title: 'Bench alert', type: 'bench' });
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  WATCHFLOOR_DATA: 'memory://',
  DATABASE_URL: '',
  SYSLOG_PORT: '0',
  ASSISTANT_BASE_URL: model.url,
  ASSISTANT_MODEL: 'bench',
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
});
const app = await buildApp(config, database, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const token = (await app.sessionTokens.issue(analyst!.contactId)).access_token;
const headers = {
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  'x-xsrf-token': 'bench',
  cookie: 'XSRF-TOKEN=bench',
};

/** Milliseconds from sending to the first chunk of the body that contains `marker`. */
async function untilFirst(url: string, body: unknown, extra: Record<string, string>, marker: string) {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: extra, body: JSON.stringify(body) });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(first) && text.includes(marker)) first = performance.now() - started;
  }
  return first;
}

const direct = () =>
  untilFirst(
    `${model.url}/chat/completions`,
    {
      model: 'bench',
      stream: true,
      messages: [{ role: 'user', content: 'How are BENCH-WS0001 and 10.0.0.1?' }],
    },
    { 'content-type': 'application/json' },
    '"content":"T',
  );

let conversation = '';
const throughConsole = async (i: number) => {
  // A few questions per conversation, so the history it sends grows as a person's would.
  if (i % 5 === 0) {
    const created = await fetch(`${base}/api/assistant/v1/conversations`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    conversation = ((await created.json()) as { id: string }).id;
  }
  return untilFirst(
    `${base}/api/assistant/v1/conversations/${conversation}/messages`,
    { content: 'How are BENCH-WS0001 and 10.0.0.1?', context: { route: '/alerts/1' } },
    headers,
    'event: delta',
  );
};

for (let i = 0; i < 3; i++) {
  await direct();
  await throughConsole(i);
}
const modelTimes: number[] = [];
const consoleTimes: number[] = [];
const overheads: number[] = [];
// Alternated, so both see the same moments of a busy machine.
for (let i = 0; i < RUNS; i++) {
  const m = await direct();
  const c = await throughConsole(i);
  modelTimes.push(m);
  consoleTimes.push(c);
  overheads.push(c - m);
}
report(`Assistant first token (model's own first token ${FIRST_TOKEN_MS} ms, ${RUNS} questions)`, [
  {
    name: "model's first token, asked directly",
    p50: percentile(modelTimes, 50),
    p95: percentile(modelTimes, 95),
  },
  {
    name: 'first token through the console',
    p50: percentile(consoleTimes, 50),
    p95: percentile(consoleTimes, 95),
    baselineP95: percentile(modelTimes, 95),
  },
  {
    name: 'overhead (console minus model, per question)',
    p50: percentile(overheads, 50),
    p95: percentile(overheads, 95),
    target: `<= ${TARGET_MS} ms`,
  },
]);
const met = percentile(overheads, 95) <= TARGET_MS;
console.log(`  ${met ? 'met' : 'NOT met'}: p95 overhead ${percentile(overheads, 95).toFixed(1)} ms`);
await app.close();
await database.close();
await model.close();
