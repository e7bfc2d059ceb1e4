import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the Microsoft identity platform's client-credentials token endpoint
 * (`/{tenant}/oauth2/v2.0/token`) and the parts of Microsoft Graph the Defender XDR integration
 * reads (`/v1.0/security/alerts_v2` with `$filter=lastUpdateDateTime ge …`, `/v1.0/groups`, one
 * group `/v1.0/groups/{id}` and its devices `/v1.0/groups/{id}/transitiveMembers/microsoft.graph.device`
 * with `$select`),
 * paged with `@odata.nextLink` as Graph pages, and Defender for Endpoint's machine actions
 * (`POST /api/machines/{id}/isolate` and `/unisolate`, with a token for its own resource). Each
 * token names its tenant and resource; a collection answers the token's tenant only. Tests queue
 * failures (a 429 with Retry-After, a 401) per path.
 */
export interface FakeGraphAlert {
  id: string;
  tenantId: string;
  title: string;
  severity: string;
  lastUpdateDateTime: string;
  category?: string;
  evidence?: { '@odata.type': string; deviceDnsName?: string; mdeDeviceId?: string }[];
}

export interface FakeGraphGroup {
  id: string;
  displayName: string;
  securityEnabled: boolean;
  mailEnabled: boolean;
  groupTypes: string[];
}

/** A member of a group: a device, a user, or a nested group (whose members count as transitive). */
export type FakeGroupMember =
  | { type: 'device'; id: string; deviceId: string; displayName: string }
  | { type: 'user'; id: string; displayName: string }
  | { type: 'group'; id: string };

export interface FakeMachine {
  computerDnsName: string;
  isolated: boolean;
}

export interface FakeMachineAction {
  id: string;
  tenant: string;
  machineId: string;
  type: 'Isolate' | 'Unisolate';
  comment: string;
  isolationType?: string;
}

const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
const DEFENDER_SCOPE = 'https://api.securitycenter.microsoft.com/.default';

interface Failure {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeGraph {
  /** The base address, for the integration's `login_url` and `graph_url` settings. */
  url: string;
  clientId: string;
  clientSecret: string;
  alerts: Map<string, FakeGraphAlert[]>;
  groups: Map<string, FakeGraphGroup[]>;
  /** The direct members of each group (by group id); a group answers only in its own tenant. */
  members: Map<string, FakeGroupMember[]>;
  /** Defender for Endpoint's devices per tenant, by machine id. */
  machines: Map<string, Map<string, FakeMachine>>;
  /** Isolate and unisolate actions taken, in order. */
  machineActions: FakeMachineAction[];
  /** Answers per page. */
  pageSize: number;
  /** Every request, `METHOD path?query`, in order. */
  requests: string[];
  /** Tenants a token was asked for, in order. */
  tokenRequests: string[];
  /** The next requests whose path starts with `path` get these answers, in order. */
  fail(path: string, ...failures: Failure[]): void;
  /** Every request whose path starts with `path` gets this answer from now on (a role taken away). */
  refuse(path: string, failure: Failure): void;
  /** Tokens given so far stop working (Graph answers 401 until a new one is asked for). */
  expireTokens(): void;
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const failures: { path: string; failure: Failure }[] = [];
  const refusals: { path: string; failure: Failure }[] = [];
  const tokens = new Map<string, { tenant: string; scope: string }>();
  let issued = 0;
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  function page<T>(res: ServerResponse, url: URL, items: T[]) {
    const skip = Number(url.searchParams.get('$skiptoken') ?? 0);
    const next = new URL(url.href);
    next.searchParams.set('$skiptoken', String(skip + fake.pageSize));
    send(res, 200, {
      value: items.slice(skip, skip + fake.pageSize),
      ...(skip + fake.pageSize < items.length ? { '@odata.nextLink': next.href } : {}),
    });
  }

  /** Defender for Endpoint's isolate and unisolate: 201 with the queued MachineAction. */
  function isolate(res: ServerResponse, tenant: string, machineId: string, verb: string, body: string) {
    const machine = fake.machines.get(tenant)?.get(machineId);
    if (!machine)
      return send(res, 404, {
        error: { code: 'ResourceNotFound', message: `Machine ${machineId} was not found` },
      });
    let asked: { Comment?: unknown; IsolationType?: unknown };
    try {
      asked = JSON.parse(body) as typeof asked;
    } catch {
      return send(res, 400, { error: { code: 'InvalidRequestBody', message: 'Body is not JSON' } });
    }
    if (typeof asked.Comment !== 'string' || asked.Comment === '')
      return send(res, 400, { error: { code: 'InvalidRequestBody', message: 'Comment is required' } });
    if (verb === 'isolate' && asked.IsolationType !== 'Full' && asked.IsolationType !== 'Selective')
      return send(res, 400, { error: { code: 'InvalidRequestBody', message: 'IsolationType is invalid' } });
    if (machine.isolated === (verb === 'isolate'))
      return send(res, 400, {
        error: { code: 'ActiveRequestAlreadyExists', message: `Machine ${machineId} is already ${verb}d` },
      });
    machine.isolated = verb === 'isolate';
    const action: FakeMachineAction = {
      id: `action-${fake.machineActions.length + 1}`,
      tenant,
      machineId,
      type: verb === 'isolate' ? 'Isolate' : 'Unisolate',
      comment: asked.Comment,
      ...(verb === 'isolate' && { isolationType: String(asked.IsolationType) }),
    };
    fake.machineActions.push(action);
    send(res, 201, {
      id: action.id,
      type: action.type,
      requestorComment: action.comment,
      status: 'Pending',
      machineId,
      computerDnsName: machine.computerDnsName,
      creationDateTimeUtc: new Date().toISOString(),
    });
  }

  /** Only the fields `$select` names (and the type), as Graph answers. */
  function selected(url: URL, item: Record<string, unknown>) {
    const fields = url.searchParams.get('$select')?.split(',');
    if (!fields) return item;
    return Object.fromEntries(
      Object.entries(item).filter(([key]) => key.startsWith('@') || fields.includes(key)),
    );
  }

  /** A group's devices, its nested groups' included, each once. */
  function transitiveDevices(
    groupId: string,
    seen: Set<string>,
  ): Extract<FakeGroupMember, { type: 'device' }>[] {
    if (seen.has(groupId)) return [];
    seen.add(groupId);
    const devices = new Map<string, Extract<FakeGroupMember, { type: 'device' }>>();
    for (const member of fake.members.get(groupId) ?? []) {
      if (member.type === 'device') devices.set(member.id, member);
      if (member.type === 'group') for (const d of transitiveDevices(member.id, seen)) devices.set(d.id, d);
    }
    return [...devices.values()];
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', fake.url);
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const queued = failures.findIndex((entry) => url.pathname.startsWith(entry.path));
    const refused = refusals.find((entry) => url.pathname.startsWith(entry.path));
    if (queued >= 0 || refused) {
      const { failure } = queued >= 0 ? failures.splice(queued, 1)[0]! : refused!;
      return send(
        res,
        failure.status,
        failure.body ?? { error: { code: 'failure', message: 'queued' } },
        failure.headers,
      );
    }
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    if (token && req.method === 'POST') {
      const form = new URLSearchParams(body);
      fake.tokenRequests.push(token[1]!);
      if (form.get('client_id') !== fake.clientId || form.get('client_secret') !== fake.clientSecret)
        return send(res, 401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.\r\nTrace ID: 0000',
        });
      const scope = form.get('scope') ?? '';
      if (
        form.get('grant_type') !== 'client_credentials' ||
        (scope !== GRAPH_SCOPE && scope !== DEFENDER_SCOPE)
      )
        return send(res, 400, { error: 'invalid_request', error_description: 'AADSTS900144: bad grant' });
      const value = `token-${++issued}`;
      tokens.set(value, { tenant: token[1]!, scope });
      return send(res, 200, { token_type: 'Bearer', expires_in: 3599, access_token: value });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const granted = bearer ? tokens.get(bearer) : undefined;
    if (!granted)
      return send(res, 401, {
        error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' },
      });
    const tenant = granted.tenant;
    const machineAction = /^\/api\/machines\/([^/]+)\/(isolate|unisolate)$/.exec(url.pathname);
    if (machineAction && req.method === 'POST') {
      if (granted.scope !== DEFENDER_SCOPE)
        return send(res, 401, { error: { code: 'Unauthorized', message: 'Token audience is not the API.' } });
      return isolate(res, tenant, decodeURIComponent(machineAction[1]!), machineAction[2]!, body);
    }
    if (granted.scope !== GRAPH_SCOPE)
      return send(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Invalid audience.' } });
    if (url.pathname === '/v1.0/security/alerts_v2') {
      const filter = /^lastUpdateDateTime ge (\S+)$/.exec(url.searchParams.get('$filter') ?? '');
      const since = filter ? Date.parse(filter[1]!) : 0;
      const items = (fake.alerts.get(tenant) ?? [])
        .filter((alert) => Date.parse(alert.lastUpdateDateTime) >= since)
        .sort((a, b) => a.lastUpdateDateTime.localeCompare(b.lastUpdateDateTime));
      const top = Number(url.searchParams.get('$top') ?? 0);
      return page(res, url, top === 1 ? items.slice(0, 1) : items);
    }
    if (url.pathname === '/v1.0/groups') return page(res, url, fake.groups.get(tenant) ?? []);
    const group = /^\/v1\.0\/groups\/([^/]+)(\/transitiveMembers\/microsoft\.graph\.device)?$/.exec(
      url.pathname,
    );
    if (group) {
      const id = decodeURIComponent(group[1]!);
      const known = (fake.groups.get(tenant) ?? []).find((g) => g.id === id);
      if (!known)
        return send(res, 404, {
          error: { code: 'Request_ResourceNotFound', message: `Resource '${id}' does not exist.` },
        });
      if (!group[2]) return send(res, 200, selected(url, { id: known.id, displayName: known.displayName }));
      return page(
        res,
        url,
        transitiveDevices(id, new Set()).map((d) =>
          selected(url, {
            '@odata.type': '#microsoft.graph.device',
            id: d.id,
            deviceId: d.deviceId,
            displayName: d.displayName,
          }),
        ),
      );
    }
    send(res, 404, { error: { code: 'NotFound', message: url.pathname } });
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeGraph = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId: '11111111-2222-4333-8444-555555555555',
    clientSecret: 'a-client-secret-value',
    alerts: new Map(),
    groups: new Map(),
    members: new Map(),
    machines: new Map(),
    machineActions: [],
    pageSize: 2,
    requests: [],
    tokenRequests: [],
    fail: (path, ...list) => failures.push(...list.map((failure) => ({ path, failure }))),
    refuse: (path, failure) => refusals.push({ path, failure }),
    expireTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
