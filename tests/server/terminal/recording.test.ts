import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AsciicastRecorder,
  CHUNK_BYTES,
  RECORDING_MAX_BYTES,
} from '../../../src/server/areas/terminal/recording.ts';
import { terminalRecordingChunks, terminalSessions } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { terminalContext, until } from './helpers.ts';

const HEADER = { width: 80, height: 24, timestamp: 1_767_225_600, title: 'ACME-WS-001 (a@b.example)' };

describe('an asciicast recorder', () => {
  it('hands over its lines as chunks that, joined, are the asciicast v2 text, and asks for a write when they grow large', () => {
    let full = 0;
    const recorder = new AsciicastRecorder(HEADER, () => {
      full += 1;
    });
    recorder.add('o', 'svc_watchfloor> ');
    const first = recorder.take()!;
    expect(recorder.take()).toBeNull();
    recorder.add('i', 'hostname\r');
    recorder.add('r', '120x40');
    const second = recorder.take()!;
    const [header, ...events] = (first + second)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header).toEqual({ version: 2, ...HEADER, env: { TERM: 'xterm-256color' } });
    expect(events.map((e) => e.slice(1))).toEqual([
      ['o', 'svc_watchfloor> '],
      ['i', 'hostname\r'],
      ['r', '120x40'],
    ]);
    expect(full).toBe(0);
    recorder.add('o', 'x'.repeat(CHUNK_BYTES));
    expect(full).toBe(1);
  });

  it('keeps a chunk that could not be written in front of what came after it', () => {
    const recorder = new AsciicastRecorder(HEADER);
    recorder.add('o', 'one');
    const failed = recorder.take()!;
    recorder.add('o', 'two');
    recorder.putBack(failed);
    const text = recorder.take()!;
    expect(text.indexOf('"one"')).toBeGreaterThan(0);
    expect(text.indexOf('"two"')).toBeGreaterThan(text.indexOf('"one"'));
    expect(text.endsWith(']\n')).toBe(true);
  });

  it('stops growing at the size cap, across chunks', () => {
    const recorder = new AsciicastRecorder(HEADER);
    let written = 0;
    for (let i = 0; i < 200; i++) {
      recorder.add('o', 'y\r\n'.repeat(10_000));
      written += recorder.take()?.length ?? 0;
    }
    expect(recorder.truncated).toBe(true);
    expect(written).toBeLessThanOrEqual(RECORDING_MAX_BYTES);
    expect(written).toBeGreaterThan(RECORDING_MAX_BYTES - 50_000);
  });
});

describe.each(backends())('a live terminal recording on %s', (backend) => {
  const c = terminalContext(backend);
  const db = () => c.t.database.db;
  const chunksOf = (sessionId: string) =>
    db()
      .select({ seq: terminalRecordingChunks.seq, data: terminalRecordingChunks.data })
      .from(terminalRecordingChunks)
      .where(eq(terminalRecordingChunks.sessionId, sessionId))
      .orderBy(asc(terminalRecordingChunks.seq));

  it('is in the database while the session lives (a crash loses at most the last second), and whole in the session once it ends', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.connectedAgent(0);
    const { session, reader } = await c.openConsole(agent.client.agentId!);
    reader.send({ type: 'input', data: 'hostname\r' });
    await reader.output('TERM-WS-001\r\n');
    // Written within about a second of being typed, the session still live.
    await until(async () =>
      (await chunksOf(session.session_id)).some((chunk) => chunk.data.includes('"hostname\\r"')),
    );
    const live = await chunksOf(session.session_id);
    expect(live.map((chunk) => chunk.seq)).toEqual(live.map((_, i) => i));
    expect(JSON.parse(live[0]!.data.split('\n')[0]!)).toMatchObject({ version: 2, width: 80, height: 24 });
    const [row] = await db()
      .select({ endedAt: terminalSessions.endedAt, recording: terminalSessions.recording })
      .from(terminalSessions)
      .where(eq(terminalSessions.sessionId, session.session_id));
    expect(row).toEqual({ endedAt: null, recording: null });

    reader.send({ type: 'input', data: 'whoami\r' });
    await reader.output('svc_watchfloor\r\n');
    reader.send({ type: 'end' });
    await reader.closed;
    await until(async () => {
      const [ended] = await db()
        .select({ recording: terminalSessions.recording })
        .from(terminalSessions)
        .where(eq(terminalSessions.sessionId, session.session_id));
      return ended?.recording != null;
    });
    // The chunks moved into the session: the replay reads one asciicast text, as it always did.
    expect(await chunksOf(session.session_id)).toEqual([]);
    const replay = await c.t.as(c.t.fixtures.admin, {
      url: `/api/terminal/v1/recordings/${session.session_id}`,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    const body = replay.json() as { recording: string; recording_bytes: number; client_address: string };
    expect(body.recording.startsWith(live.map((chunk) => chunk.data).join(''))).toBe(true);
    expect(body.recording_bytes).toBe(Buffer.byteLength(body.recording));
    const lines = body.recording
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.slice(1).every((event) => Array.isArray(event) && event.length === 3)).toBe(true);
    expect(lines).toContainEqual([expect.any(Number), 'i', 'whoami\r']);
    // Where the session was started from, in the replay and in the list.
    expect(body.client_address).toBe('127.0.0.1');
    const list = await c.t.as(c.t.fixtures.admin, { url: '/api/terminal/v1/recordings' });
    expect(
      list.json().sessions.find((s: { session_id: string }) => s.session_id === session.session_id),
    ).toMatchObject({ client_address: '127.0.0.1', end_reason: 'console' });
  });
});
