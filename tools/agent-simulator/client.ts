/**
 * A client of the agent protocol (openapi/paths/agent-protocol*.yaml), as an endpoint agent speaks
 * it: plain HTTP with its credential, nothing of the console.
 */
export interface PendingAction {
  action_id: string;
  type: string;
  parameters: Record<string, unknown>;
  expires_at: string;
}

export interface CheckInAnswer {
  actions: PendingAction[];
  settings: Record<string, unknown>;
  check_in_interval: number;
  server_time: string;
}

export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class AgentClient {
  credential: string | null = null;
  agentId: string | null = null;
  customerId: string | null = null;

  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body: unknown): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.credential) headers.authorization = `Bearer ${this.credential}`;
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const error = json?.error ?? {};
      throw new ProtocolError(response.status, error.code ?? 'error', error.message ?? response.statusText);
    }
    return json as T;
  }

  async enrol(token: string, endpoint: Record<string, unknown>): Promise<void> {
    const answer = await this.call<{ agent_id: string; customer_id: string; credential: string }>(
      'POST',
      '/api/agent/v1/enrol',
      { token, ...endpoint },
    );
    this.agentId = answer.agent_id;
    this.customerId = answer.customer_id;
    this.credential = answer.credential;
  }

  checkIn(state: Record<string, unknown>): Promise<CheckInAnswer> {
    return this.call('POST', '/api/agent/v1/check-in', state);
  }

  reportAction(actionId: string, report: Record<string, unknown>): Promise<{ status: string }> {
    return this.call('POST', `/api/agent/v1/actions/${actionId}/report`, report);
  }

  putReport(kind: 'inventory' | 'issues' | 'login-locations' | 'vulnerabilities', body: unknown) {
    return this.call<{ count: number }>('PUT', `/api/agent/v1/${kind}`, body);
  }

  /** Announces a bundle and sends it in the 64 KB chunks the server asks for. */
  async uploadDiagnostics(actionId: string | null, fileName: string, data: Buffer, sha256: string) {
    const started = await this.call<{ bundle_id: string; chunk_size: number; chunk_count: number }>(
      'POST',
      '/api/agent/v1/diagnostics',
      { action_id: actionId, file_name: fileName, size_bytes: data.length, sha256 },
    );
    let status = 'uploading';
    for (let index = 0; index < started.chunk_count; index++) {
      const chunk = data.subarray(index * started.chunk_size, (index + 1) * started.chunk_size);
      const answer = await this.call<{ status: string }>(
        'PUT',
        `/api/agent/v1/diagnostics/${started.bundle_id}/chunks/${index}`,
        { data: chunk.toString('base64') },
      );
      status = answer.status;
    }
    return { bundleId: started.bundle_id, status };
  }
}
