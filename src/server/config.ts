import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';

/** Everything the server reads from the environment, in one place (the README lists each). */
export interface Config {
  port: number;
  host: string;
  /** The address people use to reach the console; the embedded IdP's issuer is `${publicUrl}/idp`. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_REPLICA_URL: a streaming replica of DATABASE_URL that read-heavy calls use while it is
   * at most DATABASE_REPLICA_MAX_LAG_SECONDS (default 5) behind; unset, everything reads the primary.
   */
  replica: { url: string; maxLagMs: number } | undefined;
  role: 'all' | 'api' | 'worker';
  /**
   * WATCHFLOOR_LANES_THREAD (default 1): with the role `all` on PostgreSQL, the job lanes run on a
   * thread of their own (jobs/lanes-on-thread.ts); 0 keeps them on the API's event loop.
   */
  lanesThread: boolean;
  /** JOB_LEASE_SECONDS (default 300): how long a worker that stopped answering keeps its job before another takes it. */
  jobLeaseMs: number;
  oidc: { issuer: string; clientId: string; clientSecret: string; external: boolean };
  demoPassword: string | undefined;
  knowledgeBaseUrl: string;
  smtpUrl: string | undefined;
  /** The From of every mail; MAIL_FROM, else no-reply at the public address's host. */
  mailFrom: string;
  logLevel: string;
  /** Readable lines (`pretty`) or a JSON object a line (`json`); LOG_FORMAT, else pretty on a terminal. */
  logFormat: 'pretty' | 'json';
  /** Key (base64, 32 bytes) that seals secrets at rest; unset: a key kept in the database. */
  secretsKey: string | undefined;
  /** Which proxies to believe about the client address (X-Forwarded-For): false, true, or addresses/CIDRs. */
  trustProxy: boolean | string;
  /** Log ingest: the largest batch body (INGEST_MAX_BYTES) and the batches stored at once per process (INGEST_MAX_IN_FLIGHT). */
  ingest: { maxBytes: number; maxInFlight: number };
  /** Syslog over UDP and TCP on SYSLOG_PORT (default 5514); 0 turns it off. */
  syslog: { port: number };
  /** Breach look-ups (Have I Been Pwned v3): HIBP_API_URL, HIBP_API_KEY, HIBP_RATE_PER_MINUTE. */
  hibp: HibpSettings;
  /** GEOIP_DATABASE: a MaxMind (GeoLite2/GeoIP2 City or Country) file that places addresses; unset, none. */
  geoipDatabase: string | undefined;
  /** Requests made on behalf of data (feeds, lookalike probes, RDAP): OUTBOUND_ALLOW_HOSTS. */
  outbound: OutboundSettings;
  /** The chat assistant's model endpoint and session limits (ASSISTANT_*). */
  assistant: AssistantSettings;
  /** WATCHFLOOR_TEST_CLOCK=1, end-to-end tests only: the job runners' clock may be wound (platform/test-clock.ts). */
  testClock: boolean;
  /**
   * Live agent terminals: TERMINAL_IDLE_SECONDS (default 900) ends a session nobody types in or
   * reads; TERMINAL_NODE_URL is the address other API processes reach this one at, to relay a
   * session whose agent dialled this one (README, 'Running at scale'); unset, the address it
   * listens on (the machine's host name when that is every interface).
   * TERMINAL_HEARTBEAT_SECONDS (default 10): how often a process refreshes its relay row;
   * TERMINAL_NODE_TIMEOUT_SECONDS (default 30, at least twice the heartbeat): a process whose row
   * is older is taken for dead by the others and its sessions end. The same on every API process.
   */
  terminal: {
    idleSeconds: number;
    nodeUrl: string | undefined;
    heartbeatSeconds: number;
    nodeTimeoutSeconds: number;
  };
}

export interface AssistantSettings {
  /** ASSISTANT_BASE_URL: any OpenAI-compatible endpoint (`…/v1`); unset, the assistant is off and says so. */
  baseUrl: string | undefined;
  /** ASSISTANT_MODEL: the model to ask. */
  model: string | undefined;
  /** ASSISTANT_API_KEY: its bearer key, if it wants one. */
  apiKey: string | undefined;
  /** ASSISTANT_IDLE_SECONDS (default 900): a session idle this long ends. */
  idleSeconds: number;
  /** ASSISTANT_WARNING_SECONDS (default 60): the warning comes this long before the end. */
  warningSeconds: number;
}

/** The assistant's endpoint and limits; read the same way wherever the server reads them. */
export function assistantSettings(env: NodeJS.ProcessEnv = process.env): AssistantSettings {
  const baseUrl = env.ASSISTANT_BASE_URL?.trim().replace(/\/+$/, '') || undefined;
  if (baseUrl && !/^https?:\/\//i.test(baseUrl))
    throw new Error(`ASSISTANT_BASE_URL must be an http(s) address, got ${baseUrl}`);
  const idleSeconds = positiveInteger(env, 'ASSISTANT_IDLE_SECONDS', 900);
  const warningSeconds = positiveInteger(env, 'ASSISTANT_WARNING_SECONDS', 60);
  if (warningSeconds >= idleSeconds)
    throw new Error('ASSISTANT_WARNING_SECONDS must be shorter than ASSISTANT_IDLE_SECONDS');
  return {
    baseUrl,
    model: env.ASSISTANT_MODEL?.trim() || undefined,
    apiKey: env.ASSISTANT_API_KEY || undefined,
    idleSeconds,
    warningSeconds,
  };
}

export interface OutboundSettings {
  /**
   * Host names (`feeds.corp.example`, `*.corp.example`) and addresses or CIDRs (`10.20.0.0/16`)
   * an administrator allows even though they are, or resolve to, internal addresses.
   */
  allowHosts: readonly string[];
}

/** A host name, `*.` and a host name, an address, or an address with a prefix length. */
const HOST_NAME = /^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/;

function validAllowEntry(entry: string): boolean {
  if (HOST_NAME.test(entry) && !/^[0-9.]+$/.test(entry)) return true;
  try {
    if (entry.includes('/')) ipaddr.parseCIDR(entry);
    else ipaddr.parse(entry);
    return true;
  } catch {
    return false;
  }
}

/** Who requests on behalf of data may reach though internal; the job runner reads it the same way the API does. */
export function outboundSettings(env: NodeJS.ProcessEnv = process.env): OutboundSettings {
  const allowHosts = (env.OUTBOUND_ALLOW_HOSTS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = allowHosts.find((entry) => !validAllowEntry(entry));
  if (bad !== undefined)
    throw new Error(
      `OUTBOUND_ALLOW_HOSTS must list host names, addresses or CIDRs separated by commas, got ${bad}`,
    );
  return { allowHosts };
}

export interface HibpSettings {
  url: string;
  /** Unset: breach look-ups are not configured and say so. */
  key: string | undefined;
  /** Requests a minute the plan allows (the token bucket's rate). */
  ratePerMinute: number;
}

/** The breach provider's settings; the job runner reads them the same way the API does. */
export function hibpSettings(env: NodeJS.ProcessEnv = process.env): HibpSettings {
  return {
    url: (env.HIBP_API_URL || 'https://haveibeenpwned.com/api/v3').replace(/\/+$/, ''),
    key: env.HIBP_API_KEY || undefined,
    ratePerMinute: positiveInteger(env, 'HIBP_RATE_PER_MINUTE', 10),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const syslogPort = Number(env.SYSLOG_PORT || 5514);
  if (!Number.isInteger(syslogPort) || syslogPort < 0 || syslogPort > 65535)
    throw new Error(`SYSLOG_PORT must be a port number (0 turns syslog off), got ${env.SYSLOG_PORT}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const external = Boolean(env.OIDC_ISSUER);
  if (external && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
    throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  const logFormat = env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json');
  if (logFormat !== 'pretty' && logFormat !== 'json') throw new Error('LOG_FORMAT must be pretty or json');
  const secretsKey = env.WATCHFLOOR_SECRETS_KEY || undefined;
  if (secretsKey && Buffer.from(secretsKey, 'base64').length !== 32)
    throw new Error('WATCHFLOOR_SECRETS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');
  const role = env.WATCHFLOOR_ROLE ?? 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker')
    throw new Error('WATCHFLOOR_ROLE must be all, api or worker');
  const lanesThread = (env.WATCHFLOOR_LANES_THREAD ?? '1') === '1';
  if (env.WATCHFLOOR_LANES_THREAD && !['0', '1'].includes(env.WATCHFLOOR_LANES_THREAD))
    throw new Error('WATCHFLOOR_LANES_THREAD must be 0 or 1');
  const testClock = env.WATCHFLOOR_TEST_CLOCK === '1';
  if (env.WATCHFLOOR_TEST_CLOCK && !testClock) throw new Error('WATCHFLOOR_TEST_CLOCK must be 1 or unset');
  if (testClock && env.NODE_ENV === 'production')
    throw new Error(
      'WATCHFLOOR_TEST_CLOCK is for the end-to-end tests and never on with NODE_ENV=production',
    );
  return {
    port,
    host: env.HOST ?? '::',
    publicUrl,
    dataDir: env.WATCHFLOOR_DATA === 'memory://' ? 'memory://' : resolve(env.WATCHFLOOR_DATA ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    replica: replicaSettings(env),
    role,
    lanesThread,
    jobLeaseMs: positiveInteger(env, 'JOB_LEASE_SECONDS', 300) * 1000,
    oidc: external
      ? {
          issuer: env.OIDC_ISSUER!,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          external,
        }
      : { issuer: `${publicUrl}/idp`, clientId: 'watchfloor-portal', clientSecret: '', external },
    demoPassword: env.WATCHFLOOR_DEMO_PASSWORD || undefined,
    knowledgeBaseUrl: env.KNOWLEDGE_BASE_URL ?? 'https://docs.watchfloor.example',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `Watchfloor <no-reply@${new URL(publicUrl).hostname}>`,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat,
    secretsKey,
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY ? env.TRUST_PROXY : false,
    ingest: {
      maxBytes: positiveInteger(env, 'INGEST_MAX_BYTES', 5 * 1024 * 1024),
      maxInFlight: positiveInteger(env, 'INGEST_MAX_IN_FLIGHT', 4),
    },
    hibp: hibpSettings(env),
    syslog: { port: syslogPort },
    geoipDatabase: env.GEOIP_DATABASE || undefined,
    outbound: outboundSettings(env),
    assistant: assistantSettings(env),
    testClock,
    terminal: {
      idleSeconds: positiveInteger(env, 'TERMINAL_IDLE_SECONDS', 900),
      nodeUrl: terminalNodeUrl(env),
      ...terminalNodeTiming(env),
    },
  };
}

function replicaSettings(env: NodeJS.ProcessEnv): Config['replica'] {
  const url = env.DATABASE_REPLICA_URL || undefined;
  if (!url) return undefined;
  if (!env.DATABASE_URL)
    throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL: a replica of which primary?');
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_REPLICA_URL must be a postgres:// address');
  return { url, maxLagMs: positiveInteger(env, 'DATABASE_REPLICA_MAX_LAG_SECONDS', 5) * 1000 };
}

function terminalNodeUrl(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.TERMINAL_NODE_URL || undefined;
  if (value && !/^https?:\/\/[^/]+$/.test(value.replace(/\/+$/, '')))
    throw new Error('TERMINAL_NODE_URL must be an http:// or https:// address without a path');
  return value?.replace(/\/+$/, '');
}

/**
 * A process's heartbeat and the time-out after which the others take it for dead. The time-out
 * spans at least two heartbeats: a live process whose one beat was slow is not swept.
 */
function terminalNodeTiming(env: NodeJS.ProcessEnv) {
  const heartbeatSeconds = positiveInteger(env, 'TERMINAL_HEARTBEAT_SECONDS', 10);
  const nodeTimeoutSeconds = positiveInteger(env, 'TERMINAL_NODE_TIMEOUT_SECONDS', 30);
  if (nodeTimeoutSeconds < 2 * heartbeatSeconds)
    throw new Error(
      'TERMINAL_NODE_TIMEOUT_SECONDS must be at least twice TERMINAL_HEARTBEAT_SECONDS (a live process must not be taken for dead)',
    );
  return { heartbeatSeconds, nodeTimeoutSeconds };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** The address plus, when it is on localhost, the same on 127.0.0.1: people open either. */
export function withLoopbackTwin(address: string): string[] {
  const url = new URL(address);
  if (url.hostname !== 'localhost') return [address];
  const twin = new URL(address);
  twin.hostname = '127.0.0.1';
  return [address, twin.href];
}

export const originsOf = (addresses: readonly string[]) => [
  ...new Set(addresses.map((a) => new URL(a).origin)),
];

/**
 * Where a person who opened the console at `origin` (the browser's Origin header) returns after
 * signing out: that origin when it is one the console answers to (the public address or its
 * loopback twin), so their stored session is not left behind on another origin; else the public
 * address.
 */
export function signedOutAddress(config: Config, origin: string | undefined): string {
  const home = `${config.publicUrl}/login`;
  return origin && originsOf(withLoopbackTwin(home)).includes(origin) ? `${origin}/login` : home;
}
