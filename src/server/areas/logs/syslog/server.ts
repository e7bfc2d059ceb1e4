import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import type { Db } from '../../../db/types.ts';
import { SyslogFramer } from './framing.ts';
import { type Received, SyslogSink } from './sink.ts';

interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface SyslogServer {
  /** The ports listened on (the same number for UDP and TCP unless port 0 picked two). */
  udpPort: number;
  tcpPort: number;
  sink: SyslogSink;
  close(): Promise<void>;
}

/** UDP datagrams waiting to be stored past this many are dropped: UDP promises nothing. */
const UDP_QUEUE_LIMIT = 20_000;
/** An unmapped sender is reported at most this often, so a stray sender does not flood the log. */
const UNMAPPED_LOG_MS = 60_000;

/**
 * Listens for syslog on UDP and TCP (RFC 5424 and RFC 3164; TCP with octet counting or newline
 * framing) and stores each message for the customer its token or sender address names. TCP
 * acknowledges nothing, so a connection is paused while what it sent is stored: a sender faster
 * than the database waits in its own TCP window instead of in this process's memory.
 */
export async function startSyslogServer(
  db: Db,
  options: { port: number; host: string; log: Logger; secretsKey?: string | undefined },
): Promise<SyslogServer> {
  const { log } = options;
  const lastWarned = new Map<string, number>();
  const sink = new SyslogSink(
    db,
    (address) => {
      const now = Date.now();
      if ((lastWarned.get(address) ?? 0) > now - UNMAPPED_LOG_MS) return;
      lastWarned.set(address, now);
      log.warn(`syslog: dropped messages from ${address}: no token and no syslog source for the address`);
    },
    options.secretsKey,
  );

  const udp = createSocket({ type: options.host.includes(':') ? 'udp6' : 'udp4' });
  let udpWaiting = 0;
  let udpDropped = 0;
  udp.on('message', (data, remote) => {
    if (udpWaiting >= UDP_QUEUE_LIMIT) {
      if (udpDropped++ % 10_000 === 0) log.warn('syslog: UDP messages dropped, storing is behind');
      return;
    }
    udpWaiting++;
    const item: Received = {
      text: data.toString('utf8').replace(/\r?\n$/, ''),
      address: remote.address,
      at: new Date(),
    };
    sink
      .store([item])
      .catch((error: unknown) => log.error(`syslog: UDP message not stored: ${String(error)}`))
      .finally(() => udpWaiting--);
  });

  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    const framer = new SyslogFramer();
    const address = socket.remoteAddress ?? '';
    let chain = Promise.resolve();
    const take = (texts: string[]) => {
      if (texts.length === 0) return;
      const at = new Date();
      socket.pause();
      chain = chain
        .then(() => sink.store(texts.map((text) => ({ text, address, at }))))
        .then(() => {
          if (!socket.destroyed) socket.resume();
        })
        .catch((error: unknown) => {
          log.error(`syslog: TCP messages from ${address} not stored: ${String(error)}`);
          socket.destroy();
        });
    };
    socket.on('data', (chunk: Buffer) => {
      try {
        take(framer.push(chunk));
      } catch (error) {
        log.warn(`syslog: closing TCP connection from ${address}: ${(error as Error).message}`);
        socket.destroy();
      }
    });
    socket.on('end', () => {
      take(framer.end());
      void chain.then(() => socket.end());
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(options.port, options.host, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.port === 0 ? 0 : options.port, options.host, () => resolve());
  });
  const udpPort = udp.address().port;
  const tcpAddress = tcp.address();
  const tcpPort = typeof tcpAddress === 'object' && tcpAddress ? tcpAddress.port : options.port;
  log.info(
    `syslog: listening on UDP and TCP port ${udpPort === tcpPort ? udpPort : `${udpPort}/${tcpPort}`}`,
  );

  return {
    udpPort,
    tcpPort,
    sink,
    async close() {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => {
        tcp.close(() => resolve());
        // What a connection sent is already with the sink, which is drained below.
        for (const socket of sockets) socket.destroy();
      });
      await sink.drain();
    },
  };
}
