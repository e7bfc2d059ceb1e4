import { describe, expect, it } from 'vitest';
import { canonicalData, INPUT_START, OUTPUT_START } from '../../../src/server/areas/terminal/messages.ts';
import { backends } from '../../helpers/database.ts';
import { endedElsewhere } from './ended-elsewhere.ts';
import { terminalContext, until } from './helpers.ts';

/** What the relay must find: the data's JSON when the frame is exactly JSON.stringify({ type, data }). */
function reencoded(text: string, type: string): string | null {
  try {
    const { data } = JSON.parse(text) as { data?: unknown };
    if (typeof data !== 'string' || data === '') return null;
    return JSON.stringify({ type, data }) === text ? JSON.stringify(data) : null;
  } catch {
    return null;
  }
}

/** A small deterministic generator (mulberry32), so that a failure can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('a keystroke or output frame passed on as received', () => {
  it('is found in what a console and an agent write: every character, escapes, other scripts and emoji', () => {
    const typed = [
      ...Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code)),
      'hostname\r',
      '\x1b[A',
      'ümlaut ☃ 日本',
      '😀',
      '\u2028\u2029',
      'a"b\\c/d',
      'x'.repeat(5000),
    ];
    for (const data of typed)
      for (const [type, start] of [
        ['input', INPUT_START],
        ['output', OUTPUT_START],
      ] as const)
        expect(canonicalData(JSON.stringify({ type, data }), start), JSON.stringify(data)).toBe(
          JSON.stringify(data),
        );
  });

  it('is never a frame that encoding its data again would change: such a frame is parsed and written anew', () => {
    const refused = [
      '{"type":"input","data":"a","data":"b"}',
      '{"type":"input","data":"a","extra":1}',
      '{"data":"a","type":"input"}',
      '{"type":"input", "data":"a"}',
      '{"type":"input","data":"a"} ',
      '{"type":"input","data":""}',
      '{"type":"input","data":"\\u0061"}',
      '{"type":"input","data":"\\u001B"}',
      '{"type":"input","data":"\\u000a"}',
      '{"type":"input","data":"\\/"}',
      '{"type":"input","data":"a\\"}',
      '{"type":"input","data":"\\u00"}',
      '{"type":"input","data":"\ud800"}',
      '{"type":"input","data":"\udc00\ud800"}',
      '{"type":"input","data":"\n"}',
      '{"type":"output","data":"a"}',
      '{"type":"input","data":"a"',
      '',
    ];
    for (const text of refused) expect(canonicalData(text, INPUT_START), text).toBeNull();

    // Frames put together at random from the pieces that matter: whatever is found is exactly
    // what parsing and encoding again gives.
    const pieces = [
      'a',
      ' ',
      'é',
      '😀',
      '\ud800',
      '\udc00',
      '"',
      '\\',
      '\\"',
      '\\\\',
      '\\n',
      '\\b',
      '\\u001b',
      '\\u001B',
      '\\u0008',
      '\\u0061',
      '\\ud800',
      '\\udc00',
      '\\/',
      '\x01',
      '","data":"',
      '"}',
      '}',
    ];
    const starts = [INPUT_START, INPUT_START, OUTPUT_START, '{"type":"input", "data":"', '{"data":"'];
    const next = random(27);
    let found = 0;
    for (let n = 0; n < 20_000; n++) {
      const start = starts[Math.floor(next() * starts.length)]!;
      let body = '';
      for (let k = Math.floor(next() * 6); k > 0; k--) body += pieces[Math.floor(next() * pieces.length)];
      const text = `${start}${body}"}`;
      const data = canonicalData(text, INPUT_START);
      if (data !== null) found += 1;
      expect(data, text).toBe(data === null ? null : reencoded(text, 'input'));
    }
    expect(found).toBeGreaterThan(1000);
  });
});

describe.each(backends())('live terminal frames on %s', (backend) => {
  const c = terminalContext(backend);
  const { liveSession, storedEvents } = endedElsewhere(c);

  it('reach the other side as text that says what the recording keeps, however the sender wrote them', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.agentByHand(0);
    const live = await liveSession(agent);
    const reachedAgent: [string, boolean][] = [];
    live.agentSide.socket.on('message', (raw, isBinary) => reachedAgent.push([String(raw), isBinary]));
    const reachedConsole: [string, boolean][] = [];
    live.console.socket.on('message', (raw, isBinary) => reachedConsole.push([String(raw), isBinary]));

    for (const text of [
      '{"type":"input","data":"ls\\r"}',
      '{"type":"input","data":"a","data":"b"}',
      '{"data":"c","type":"input","extra":true}',
      '{"type":"input","data":"\\u0064"}',
      '{"type":"input","data":""}',
      'not a frame',
    ])
      live.console.socket.send(text);
    live.console.socket.send(Buffer.from('{"type":"input","data":"é"}'), { binary: true });
    await until(async () => reachedAgent.length === 5);
    expect(reachedAgent).toEqual([
      ['{"type":"input","data":"ls\\r"}', false],
      ['{"type":"input","data":"b"}', false],
      ['{"type":"input","data":"c"}', false],
      ['{"type":"input","data":"d"}', false],
      ['{"type":"input","data":"é"}', false],
    ]);

    for (const text of [
      '{"type":"output","data":"\\u001b[1mbold\\u001b[0m\\r\\n"}',
      '{"type":"output","data":"x","data":"y"}',
      '{"type":"output","data":"☃ \\ud83d\\ude00"}',
    ])
      live.agentSide.socket.send(text);
    await until(async () => reachedConsole.length === 3);
    expect(reachedConsole).toEqual([
      ['{"type":"output","data":"\\u001b[1mbold\\u001b[0m\\r\\n"}', false],
      ['{"type":"output","data":"y"}', false],
      ['{"type":"output","data":"☃ 😀"}', false],
    ]);

    live.console.send({ type: 'end' });
    expect(await storedEvents(live.id, '"o","☃ 😀"')).toEqual([
      ['i', 'ls\r'],
      ['i', 'b'],
      ['i', 'c'],
      ['i', 'd'],
      ['i', 'é'],
      ['o', '\x1b[1mbold\x1b[0m\r\n'],
      ['o', 'y'],
      ['o', '☃ 😀'],
    ]);
  });
});
