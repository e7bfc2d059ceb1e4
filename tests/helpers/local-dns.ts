import dns2 from 'dns2';

const { Packet } = dns2;

/** What a name answers: records per type, or a failure code; `wildcard` answers every label below it too. */
export interface ZoneAnswer {
  A?: string[];
  AAAA?: string[];
  NS?: string[];
  MX?: string[];
  rcode?: 'SERVFAIL' | 'NXDOMAIN';
  wildcard?: boolean;
}

/** A name's answer, or a function asked on every query (a zone that flaps). */
export type Zone = ZoneAnswer | (() => ZoneAnswer | undefined);

export interface LocalDns {
  /** `127.0.0.1:<port>`, for DNS_RESOLVER. */
  address: string;
  zones: Map<string, Zone>;
  /** Queries answered so far. */
  queries(): number;
  close(): Promise<void>;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;

function answerFor(zones: Map<string, Zone>, name: string): ZoneAnswer | undefined {
  const get = (key: string) => {
    const zone = zones.get(key);
    return typeof zone === 'function' ? zone() : zone;
  };
  const exact = get(name);
  if (exact) return exact;
  const labels = name.split('.');
  for (let i = 1; i < labels.length; i++) {
    const parent = get(labels.slice(i).join('.'));
    if (parent?.wildcard) return { A: parent.A, AAAA: parent.AAAA };
  }
  return undefined;
}

/** An authoritative-looking DNS server on 127.0.0.1 (UDP) answering from `zones`; anything else is NXDOMAIN. */
export async function startLocalDns(zones: Map<string, Zone> = new Map()): Promise<LocalDns> {
  let count = 0;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      count++;
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      const zone = answerFor(zones, name);
      if (!zone || zone.rcode === 'NXDOMAIN') response.header.rcode = RCODE.NXDOMAIN;
      else if (zone.rcode === 'SERVFAIL') response.header.rcode = RCODE.SERVFAIL;
      else {
        const base = { name: question!.name, class: Packet.CLASS.IN, ttl: 60 };
        const type = question!.type;
        // dns2's types ask for a class instance; its encoder takes plain records (as its README does).
        const answers = response.answers as unknown as Record<string, unknown>[];
        if (type === Packet.TYPE.A)
          for (const address of zone.A ?? []) answers.push({ ...base, type, address });
        if (type === Packet.TYPE.AAAA)
          for (const address of zone.AAAA ?? []) answers.push({ ...base, type, address });
        if (type === Packet.TYPE.NS) for (const ns of zone.NS ?? []) answers.push({ ...base, type, ns });
        if (type === Packet.TYPE.MX)
          for (const exchange of zone.MX ?? []) answers.push({ ...base, type, exchange, priority: 10 });
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses as { udp: { port: number } }).udp.port;
  return {
    address: `127.0.0.1:${port}`,
    zones,
    queries: () => count,
    close: () => server.close(),
  };
}
