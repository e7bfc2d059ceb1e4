import { api } from '../../../api/client.ts';
import type { components, paths } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export type TerminalSession = components['schemas']['TerminalSession'];
export type StartedSession =
  paths['/api/terminal/v1/sessions']['post']['responses']['201']['content']['application/json'];

/** startTerminalSession: the session and the single-use ticket of its console socket. */
export async function startTerminalSession(
  agentId: string,
  cols: number,
  rows: number,
  signal?: AbortSignal,
) {
  return dataOf(
    await api.POST('/api/terminal/v1/sessions', {
      body: { agent_id: agentId, cols, rows },
      ...(signal && { signal }),
    }),
  );
}

/** listTerminalRecordings: the provider's sessions, newest first (administrators). */
export const listTerminalRecordings = () => $api.queryOptions('get', '/api/terminal/v1/recordings');

/** getTerminalRecording: one session and its asciicast recording. */
export const getTerminalRecording = (sessionId: string) =>
  $api.queryOptions('get', '/api/terminal/v1/recordings/{session_id}', {
    params: { path: { session_id: sessionId } },
  });

/** The console socket's address on this origin. */
export function socketUrl(path: string, location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
