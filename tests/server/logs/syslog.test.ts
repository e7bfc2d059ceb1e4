import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startSyslogServer } from '../../../src/server/areas/logs/index.ts';
import type { SyslogServer } from '../../../src/server/areas/logs/syslog/server.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };
const quiet = { info() {}, warn() {}, error() {} };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** An RFC 3164 time stamp: local time, no year, the day padded with a space. */
const bsdTime = (d: Date) =>
  `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2, ' ')} ${d.toTimeString().slice(0, 8)}`;

describe.each(backends())('syslog input on %s', (backend) => {
  const c = logsContext(backend);
  let server: SyslogServer | undefined;
  afterAll(() => server?.close());

  const messagesFor = async (user: User, term: string) => {
    const started = await c.t.as(user, {
      method: 'POST',
      url: '/api/search/v1/search/',
      payload: { search: { search_term: term } },
    });
    expect(started.statusCode, started.body).toBe(201);
    await c.runSearches();
    const page = await c.t.as(user, { url: `/api/search/v1/search/${started.json().id}?size=50` });
    expect(page.statusCode, page.body).toBe(200);
    return page.json().results as {
      message: string;
      source: string;
      host: string;
      raw: Record<string, unknown>;
    }[];
  };
  const storedAtLeast = async (count: number) => {
    for (let i = 0; i < 200 && server!.sink.counts.stored < count; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(server!.sink.counts.stored).toBeGreaterThanOrEqual(count);
  };
  const sendUdp = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = createSocket('udp4');
      socket.send(text, server!.udpPort, '127.0.0.1', (error) => {
        socket.close();
        if (error) reject(error);
        else resolve();
      });
    });

  it('staff map sender addresses to customers; bad, duplicate and customer-user requests are refused', async () => {
    const create = (user: User, payload: Record<string, unknown>) =>
      c.t.as(user, { method: 'POST', url: '/api/search/v1/syslog-sources', payload });
    const acme = c.t.fixtures.acme.customerId;
    const made = await create(c.t.fixtures.analyst, {
      customer_id: acme,
      name: 'Acme firewall',
      address: '127.0.0.1',
      source: 'syslog',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ customer_id: acme, address: '127.0.0.1/32', source: 'syslog' });
    const again = await create(c.t.fixtures.analyst, {
      customer_id: acme,
      name: 'Again',
      address: '127.0.0.1/32',
      source: 'syslog',
    });
    expect(again.statusCode).toBe(409);
    const refused: [string, Record<string, string>, string][] = [
      ['an address with host bits set', { address: '10.0.0.1/24' }, 'address'],
      ['a host name', { address: 'fw.example' }, 'address'],
      ['an unknown source', { address: '10.0.0.0/8', source: 'nope' }, 'source'],
    ];
    for (const [what, change, field] of refused) {
      const answer = await create(c.t.fixtures.analyst, {
        customer_id: acme,
        name: 'Bad',
        source: 'syslog',
        ...change,
      });
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json().error.details[0].field, what).toBe(field);
    }
    const customerUser = await create(c.t.fixtures.acmeUser, {
      customer_id: acme,
      name: 'Mine',
      address: '10.0.0.0/8',
      source: 'syslog',
    });
    expect(customerUser.statusCode).toBe(403);
    const listed = await c.t.as(c.t.fixtures.analyst, {
      url: `/api/search/v1/syslog-sources?customer_ids=${c.t.fixtures.globex.customerId}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().syslog_sources).toEqual([]);
  });

  it('stores UDP and TCP messages (RFC 5424 and 3164, both framings) for the right customer, found by search', async () => {
    server = await startSyslogServer(c.t.database.db, { port: 0, host: '127.0.0.1', log: quiet });
    const globexToken = await c.tokenFor(c.t.fixtures.globex.customerId, 'syslog');
    const now = new Date();

    await sendUdp(`<34>1 ${now.toISOString()} acme-fw sshd 411 - - udpmarker login refused for root`);

    const rfc5424 = `<165>1 ${now.toISOString()} gx-router evntslog - ID47 [watchfloor@32473 token="${globexToken}"][origin@32473 ip="192.0.2.7"] tcpoctetmarker interface down`;
    const framed = Buffer.from(
      `${Buffer.byteLength(rfc5424)} ${rfc5424}<13>${bsdTime(now)} acme-web nginx: tcpnewlinemarker upstream timed out\n`,
    );
    await new Promise<void>((resolve, reject) => {
      const socket = connect(server!.tcpPort, '127.0.0.1', () => {
        // Split mid-frame: the reader keeps bytes until a frame is whole.
        socket.write(framed.subarray(0, 40));
        setTimeout(() => socket.end(framed.subarray(40)), 50);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await storedAtLeast(3);

    const acmeUser = c.t.fixtures.acmeUser;
    const udp = await messagesFor(acmeUser, 'udpmarker');
    expect(udp.map((e) => [e.message, e.host, e.source])).toEqual([
      ['udpmarker login refused for root', 'acme-fw', 'syslog'],
    ]);
    const newline = await messagesFor(acmeUser, 'tcpnewlinemarker');
    expect(newline.map((e) => e.host)).toEqual(['acme-web']);
    // The token names Globex: Acme never sees it, Globex does, and the token itself is not stored.
    expect(await messagesFor(acmeUser, 'tcpoctetmarker')).toEqual([]);
    const octet = await messagesFor(c.t.fixtures.globexUser, 'tcpoctetmarker');
    expect(octet.map((e) => e.host)).toEqual(['gx-router']);
    expect(JSON.stringify(octet[0]!.raw ?? {})).not.toContain(globexToken.split('.')[1]!);
    expect(await messagesFor(c.t.fixtures.globexUser, 'udpmarker')).toEqual([]);
  });

  it('drops messages of senders it cannot map once their syslog source is deleted', async () => {
    const listed = await c.t.as(c.t.fixtures.analyst, { url: '/api/search/v1/syslog-sources' });
    const [source] = listed.json().syslog_sources as { id: string }[];
    const customerUser = await c.t.as(c.t.fixtures.acmeUser, {
      method: 'DELETE',
      url: `/api/search/v1/syslog-sources/${source!.id}`,
    });
    expect(customerUser.statusCode).toBe(403);
    const deleted = await c.t.as(c.t.fixtures.analyst, {
      method: 'DELETE',
      url: `/api/search/v1/syslog-sources/${source!.id}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const unmapped = server!.sink.counts.unmapped;
    // A fresh server: the address cache of the old one is per batch anyway.
    await sendUdp(`<34>1 ${new Date().toISOString()} acme-fw sshd - - - orphanmarker`);
    for (let i = 0; i < 100 && server!.sink.counts.unmapped === unmapped; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(server!.sink.counts.unmapped).toBe(unmapped + 1);
    expect(await messagesFor(c.t.fixtures.acmeUser, 'orphanmarker')).toEqual([]);
  });
});
