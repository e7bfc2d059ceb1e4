import { connect, type Socket } from 'node:net';
import type { RoundRobinClient } from './round-robin.ts';

/** What the load was told was done: each entry an acknowledged write the database must keep. */
export interface Acknowledged {
  /** Alert id → the status and version its last acknowledged change left. */
  alerts: Map<number, { status: string; version: number }>;
  /** Agent id → when its last acknowledged check-in was sent. */
  checkIns: Map<string, number>;
  /** Messages of HTTP ingest batches answered 200. */
  ingested: string[];
  /** Search ids answered 201. */
  searches: string[];
  /** Syslog messages written to each API process, by its syslog port. */
  syslog: Map<number, string[]>;
  /** Requests answered, all kinds. */
  requests: number;
}

export interface LoadWorld {
  client: RoundRobinClient;
  /** A session token of a Global analyst. */
  analystToken: string;
  customerId: string;
  agents: { agentId: string; credential: string }[];
  ingestToken: string;
  syslogToken: string;
  syslogPorts: number[];
}

const XSRF = 'scale-xsrf';
const json = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  'x-xsrf-token': XSRF,
  cookie: `XSRF-TOKEN=${XSRF}`,
});

/**
 * Runs the mixed load until `stopped()`: analysts creating, changing and listing alerts, agents
 * checking in, HTTP and syslog ingest, and searches (run by the workers). Each actor keeps one
 * request in flight, so a dead node can fail at most one request per actor.
 */
export async function runMixedLoad(
  world: LoadWorld,
  done: Acknowledged,
  stopped: () => boolean,
  options: { actorIntervalMs?: number } = {},
): Promise<void> {
  const { client } = world;
  const headers = json(world.analystToken);
  const interval = options.actorIntervalMs ?? 0;
  // A failed request (its node died under it) is the actor's to forget: the load goes on.
  const loop = (actor: (n: number) => Promise<void>) => async () => {
    const began = Date.now();
    for (let n = 0; !stopped(); n++) {
      try {
        await actor(n);
        done.requests++;
      } catch {
        // counted by the client
      }
      // At a fixed rate (the soak), each actor starts its next turn on its own schedule, not
      // after its answer: a slower server then shows as higher latency, not as less load.
      if (interval > 0) {
        const wait = began + (n + 1) * interval - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };

  const analyst = async (n: number) => {
    const created = await client.fetch('/api/alerts/v1/alerts/', {
      method: 'POST',
      headers,
      body: JSON.stringify({ customer_id: world.customerId, title: `Scale alert ${n}`, type: 'edr' }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const alert = (await created.json()) as { id: number; version: number; status: string };
    done.alerts.set(alert.id, { status: alert.status, version: alert.version });
    const changed = await client.fetch(`/api/alerts/v1/alerts/${alert.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ version: alert.version, status: 'acknowledged' }),
    });
    if (changed.status !== 200) throw new Error(`update: ${changed.status} ${await changed.text()}`);
    const after = (await changed.json()) as { version: number; status: string };
    done.alerts.set(alert.id, { status: after.status, version: after.version });
  };

  const lister = async () => {
    const listed = await client.fetch('/api/alerts/v1/alerts/?size=50', { headers });
    if (listed.status !== 200) throw new Error(`list: ${listed.status}`);
    await listed.arrayBuffer();
  };

  const agent = async (n: number) => {
    const one = world.agents[n % world.agents.length]!;
    const sent = Date.now();
    const answer = await client.fetch('/api/agent/v1/check-in', {
      method: 'POST',
      headers: { authorization: `Bearer ${one.credential}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: '4.12.3', health: 'healthy', ip: '10.0.0.5' }),
    });
    if (answer.status !== 200) throw new Error(`check-in: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
    done.checkIns.set(one.agentId, sent);
  };

  const shipper = async (n: number) => {
    const messages = Array.from({ length: 20 }, (_, i) => `scale-http-${n}-${i}`);
    const answer = await client.fetch('/api/ingest/v1/events', {
      method: 'POST',
      headers: { authorization: `Bearer ${world.ingestToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(messages.map((message) => ({ '@timestamp': new Date().toISOString(), message }))),
    });
    if (answer.status !== 200) throw new Error(`ingest: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
    done.ingested.push(...messages);
  };

  const searcher = async (n: number) => {
    const answer = await client.fetch('/api/search/v1/search/', {
      method: 'POST',
      headers,
      body: JSON.stringify({ search: { search_term: `scale-http-${n}-1` }, period: { range: 900 } }),
    });
    if (answer.status !== 201) throw new Error(`search: ${answer.status} ${await answer.text()}`);
    done.searches.push(((await answer.json()) as { id: string }).id);
  };

  const syslog = world.syslogPorts.map((port) => syslogSender(port, world.syslogToken, done, stopped));
  await Promise.all([
    loop(analyst)(),
    loop(analyst)(),
    loop(lister)(),
    loop(agent)(),
    loop(agent)(),
    loop(shipper)(),
    loop(searcher)(),
    ...syslog,
  ]);
}

/** Nothing acknowledged yet; the load fills it in as answers arrive. */
export function nothingAcknowledged(syslogPorts: readonly number[]): Acknowledged {
  return {
    alerts: new Map(),
    checkIns: new Map(),
    ingested: [],
    searches: [],
    syslog: new Map(syslogPorts.map((port) => [port, []])),
    requests: 0,
  };
}

/** One TCP connection to a node's syslog port, an RFC 5424 frame every few milliseconds. */
async function syslogSender(port: number, token: string, done: Acknowledged, stopped: () => boolean) {
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  let broken = false;
  const breaks = () => {
    broken = true;
  };
  socket.on('error', breaks);
  socket.on('close', breaks);
  for (let n = 0; !stopped() && !broken; n++) {
    const message = `scale-syslog-${port}-${n}`;
    const frame = `<38>1 ${new Date().toISOString()} scale-host sshd - - [watchfloor@32473 token="${token}"] ${message}\n`;
    await new Promise<void>((resolve) => socket.write(frame, () => resolve()));
    if (!broken) done.syslog.get(port)!.push(message);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A connection its node's death closed has nothing left to end.
  if (!broken) await new Promise<void>((resolve) => socket.end(() => resolve()));
  socket.destroy();
}
