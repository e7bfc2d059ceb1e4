/**
 * One process of the flood of `bench/flood.ts`: forged console tokens (well-formed JWTs, each with
 * a signature of its own) at `rate` requests/s over `connections` keep-alive sockets, each call
 * from one of `addresses` client addresses (X-Forwarded-For, which the console trusts from
 * 127.0.0.1 in the bench).
 *
 * Raw sockets rather than an HTTP client: every call is a copy of one pre-built request with its
 * signature and address bytes overwritten in place, the calls due in a tick go out as one write a
 * socket (HTTP/1.1 pipelining, at most `depth` unanswered a socket), and answers are counted by
 * scanning their status lines. No object is made per call, so one process keeps up with thousands
 * of calls a second on a shared core.
 *
 * Prints `ready` once connected, floods until stdin ends, then prints what was sent and how it
 * was answered, as JSON.
 */
import { randomFillSync, randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface FloodOptions {
  host: string;
  port: number;
  path: string;
  rate: number;
  connections: number;
  addresses: number;
  /** The first address this process uses, so that processes share the address space. */
  firstAddress: number;
  /** Unanswered calls a socket may have before it is skipped in a tick. */
  depth: number;
}

export interface FloodResult {
  sent: number;
  answered: number;
  seconds: number;
  /** Calls due that no socket could take (all at their depth): the server fell behind. */
  skipped: number;
  statuses: Record<string, number>;
}

const TICK_MS = 2;
const BASE64URL = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');
const ADDRESS_WIDTH = 15;

const options = JSON.parse(process.argv[2]!) as FloodOptions;
const payload = Buffer.from(JSON.stringify({ sub: randomUUID(), sid: randomUUID() })).toString('base64url');
const signatureMark = 'S'.repeat(43);
const addressMark = 'A'.repeat(ADDRESS_WIDTH);
const template = Buffer.from(
  `GET ${options.path} HTTP/1.1\r\nHost: ${options.host}:${options.port}\r\n` +
    `Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.${payload}.${signatureMark}\r\n` +
    `X-Forwarded-For: ${addressMark}\r\n\r\n`,
  'latin1',
);
const signatureAt = template.indexOf(signatureMark);
const addressAt = template.indexOf(addressMark);
const random = Buffer.allocUnsafe(64 * 1024);
let randomAt = random.length;
let nextAddress = 0;

/** Copies the template into `out` at `at`, with a fresh signature and the next address. */
function writeCall(out: Buffer, at: number) {
  template.copy(out, at);
  if (randomAt + 43 > random.length) {
    randomFillSync(random);
    randomAt = 0;
  }
  for (let i = 0; i < 43; i += 1) out[at + signatureAt + i] = BASE64URL[random[randomAt + i]! & 63]!;
  randomAt += 43;
  const n = options.firstAddress + (nextAddress++ % options.addresses);
  // Padded with spaces, which the HTTP parser drops from the end of a header value.
  out.write(
    `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`.padEnd(ADDRESS_WIDTH),
    at + addressAt,
    'latin1',
  );
}

const statuses: Record<string, number> = {};
let sent = 0;
let answered = 0;
let skipped = 0;

interface Connection {
  socket: Socket;
  inFlight: number;
  pending: Buffer | null;
}

/** Counts the complete answers in what arrived; keeps a partial one for the next chunk. */
function onData(connection: Connection, chunk: Buffer) {
  const data = connection.pending ? Buffer.concat([connection.pending, chunk]) : chunk;
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at, 'latin1');
    if (headEnd < 0) break;
    const head = data.toString('latin1', at, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const end = headEnd + 4 + (length ? Number(length[1]) : 0);
    if (end > data.length) break;
    const status = head.slice(9, 12);
    statuses[status] = (statuses[status] ?? 0) + 1;
    answered += 1;
    connection.inFlight -= 1;
    at = end;
  }
  connection.pending = at < data.length ? data.subarray(at) : null;
}

function open(): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: options.host, port: options.port, noDelay: true });
    const connection: Connection = { socket, inFlight: 0, pending: null };
    socket.on('data', (chunk: Buffer) => onData(connection, chunk));
    socket.on('close', () => {
      // Calls the server never answered on a socket it closed.
      statuses.closed = (statuses.closed ?? 0) + connection.inFlight;
      connection.inFlight = options.depth;
    });
    socket.once('connect', () => resolve(connection));
    socket.once('error', reject);
  });
}

const connections = await Promise.all(Array.from({ length: options.connections }, open));
process.stdout.write('ready\n');

const started = performance.now();
let turn = 0;
/** Sends the calls due by now, a batch per socket that has room, round-robin. */
function tick() {
  const due = Math.floor(((performance.now() - started) / 1000) * options.rate) - sent - skipped;
  if (due <= 0) return;
  const perSocket = Math.ceil(due / connections.length);
  let left = due;
  for (let i = 0; i < connections.length && left > 0; i += 1) {
    const connection = connections[(turn + i) % connections.length]!;
    const count = Math.min(left, perSocket, options.depth - connection.inFlight);
    if (count <= 0) continue;
    const batch = Buffer.allocUnsafe(count * template.length);
    for (let k = 0; k < count; k += 1) writeCall(batch, k * template.length);
    connection.socket.write(batch);
    connection.inFlight += count;
    sent += count;
    left -= count;
  }
  turn += 1;
  skipped += left;
}
const timer = setInterval(tick, TICK_MS);

process.stdin.resume();
process.stdin.once('end', () => {
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  for (const connection of connections) connection.socket.destroy();
  const result: FloodResult = { sent, answered, seconds, skipped, statuses };
  process.stdout.write(`${JSON.stringify(result)}\n`);
});
