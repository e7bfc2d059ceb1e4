import type { LoadWorld } from './mixed-load.ts';
import type { RoundRobinClient } from './round-robin.ts';

/** Enrols agents, and makes the ingest and syslog tokens, through the API as provider staff would. */
export async function worldOf(
  client: RoundRobinClient,
  analystToken: string,
  customerId: string,
  syslogPorts: number[],
): Promise<LoadWorld> {
  const headers = {
    authorization: `Bearer ${analystToken}`,
    'content-type': 'application/json',
    'x-xsrf-token': 'scale-xsrf',
    cookie: 'XSRF-TOKEN=scale-xsrf',
  };
  const post = async (path: string, body: unknown, extra: Record<string, string> = headers) => {
    const answer = await client.fetch(path, { method: 'POST', headers: extra, body: JSON.stringify(body) });
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  const enrolment = await post('/api/agents/v1/enrolment-tokens', {
    customer_id: customerId,
    name: 'Scale',
    use_limit: 10,
  });
  const agents = [];
  for (let i = 0; i < 10; i++) {
    const agent = await post(
      '/api/agent/v1/enrol',
      {
        token: enrolment.token,
        host_name: `SCALE-${i}`,
        platform: 'windows-11',
        architecture: 'x64',
        version: '4.12.3',
      },
      { 'content-type': 'application/json' },
    );
    agents.push({ agentId: agent.agent_id as string, credential: agent.credential as string });
  }
  const ingest = await post('/api/search/v1/ingest-tokens', {
    customer_id: customerId,
    name: 'Shipper',
    source: 'windows',
  });
  const syslog = await post('/api/search/v1/ingest-tokens', {
    customer_id: customerId,
    name: 'Syslog',
    source: 'syslog',
  });
  return {
    client,
    analystToken,
    customerId,
    agents,
    ingestToken: ingest.token,
    syslogToken: syslog.token,
    syslogPorts,
  };
}
