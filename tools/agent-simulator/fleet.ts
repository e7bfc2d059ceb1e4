import { AgentClient, ProtocolError } from './client.ts';
import { SimulatedEndpoint } from './endpoint.ts';
import { TerminalChannel } from './terminal.ts';

export interface FleetOptions {
  url: string;
  token: string;
  count: number;
  /** Seconds between check-ins (the interval each agent declares). */
  interval: number;
  /** Host-name prefix, from the customer's name. */
  prefix: string;
  seed?: number;
  /** When the customer was given by id: refuse a token of another customer. */
  customerId?: string;
  /** Dial each agent's terminal channel after enrolment, so the console can open a terminal on it. */
  terminal?: boolean;
  log?: (line: string) => void;
}

/** Reports go out at enrolment and then every this many check-ins. */
const REPORT_EVERY = 30;

/** One simulated agent: an endpoint and its protocol client. */
export class SimulatedAgent {
  readonly client: AgentClient;
  terminal: TerminalChannel | null = null;
  private checkIns = 0;

  constructor(
    readonly endpoint: SimulatedEndpoint,
    private readonly url: string,
    private readonly interval: number,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.client = new AgentClient(url);
  }

  async enrol(token: string): Promise<void> {
    await this.client.enrol(token, { ...this.endpoint.enrolment(), check_in_interval: this.interval });
    await this.report();
  }

  /** Dials the agent's terminal channel (after enrolment: it needs the credential). */
  async connectTerminal(): Promise<TerminalChannel> {
    this.terminal = new TerminalChannel(this.url, () => this.client.credential, this.endpoint, this.log);
    await this.terminal.connect();
    return this.terminal;
  }

  /** Everything the endpoint reports about itself. */
  async report(): Promise<void> {
    const e = this.endpoint;
    await this.client.putReport('inventory', e.inventory());
    await this.client.putReport('issues', e.issues());
    await this.client.putReport('login-locations', e.loginLocations());
    await this.client.putReport('vulnerabilities', e.vulnerabilities());
  }

  /** A check-in, then every new action carried out and reported: running, then how it ended. */
  async tick(): Promise<void> {
    if (this.endpoint.uninstalled) return;
    const answer = await this.client.checkIn(this.endpoint.checkInState(this.interval));
    this.checkIns++;
    for (const action of answer.actions) {
      if (this.endpoint.seen.has(action.action_id)) continue;
      this.endpoint.seen.add(action.action_id);
      const receipt = `${this.endpoint.hostName}:${action.action_id.slice(0, 8)}`;
      const started = await this.client.reportAction(action.action_id, { status: 'running', receipt });
      // Cancelled or expired while on its way: the endpoint does not run it.
      if (started.status !== 'running') continue;
      const outcome = await this.endpoint.perform(action, this.client);
      await this.client.reportAction(action.action_id, { ...outcome, receipt });
      this.log(`${this.endpoint.hostName} ${action.type} ${outcome.status}`);
      if (this.endpoint.uninstalled) return;
    }
    const isolationChanged = answer.actions.some((a) => a.type === 'isolate' || a.type === 'deisolate');
    if (isolationChanged || this.checkIns % REPORT_EVERY === 0) await this.report();
  }
}

/** Enrols the fleet, then checks each agent in at its interval, spread over it, until stopped. */
export async function runFleet(options: FleetOptions, signal: AbortSignal): Promise<SimulatedAgent[]> {
  const log = options.log ?? (() => {});
  const agents: SimulatedAgent[] = [];
  for (let i = 0; i < options.count; i++) {
    const endpoint = new SimulatedEndpoint(options.prefix, i, options.seed ?? 1);
    const agent = new SimulatedAgent(endpoint, options.url, options.interval, log);
    await agent.enrol(options.token);
    if (options.customerId && agent.client.customerId !== options.customerId)
      throw new Error(`the token belongs to customer ${agent.client.customerId}, not ${options.customerId}`);
    if (options.terminal) await agent.connectTerminal();
    agents.push(agent);
    log(`enrolled ${endpoint.hostName} as ${agent.client.agentId}`);
  }
  const spread = (options.interval * 1000) / Math.max(agents.length, 1);
  await Promise.all(
    agents.map(async (agent, index) => {
      await sleep(index * spread, signal);
      while (!signal.aborted && !agent.endpoint.uninstalled) {
        try {
          await agent.tick();
        } catch (error) {
          if (error instanceof ProtocolError && error.status === 401) {
            log(`${agent.endpoint.hostName}: credential refused (deleted or uninstalled); stopping`);
            return;
          }
          log(`${agent.endpoint.hostName}: ${(error as Error).message}`);
        }
        await sleep(options.interval * 1000, signal);
      }
    }),
  );
  for (const agent of agents) agent.terminal?.drop();
  return agents;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
