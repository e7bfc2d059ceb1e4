import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf, errorOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';
import { type AnswerEvent, readEvents } from './sse.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const ASSISTANT_AREA = '/api/assistant/';

export type AssistantStatus = components['schemas']['AssistantStatus'];
export type Conversation = components['schemas']['AssistantConversation'];
export type Message = components['schemas']['AssistantMessage'];
export type Feedback = components['schemas']['AssistantFeedback'];
export type AssistantContext = components['schemas']['AssistantContext'];

export const getAssistantStatus = () => $api.queryOptions('get', '/api/assistant/v1/status');

export const listAssistantConversations = () =>
  $api.queryOptions('get', '/api/assistant/v1/conversations', {}, { select: (data) => data.conversations });

export async function getAssistantConversation(id: string, signal?: AbortSignal) {
  return dataOf(await api.GET('/api/assistant/v1/conversations/{id}', { params: { path: { id } }, signal }));
}

export async function createAssistantConversation(): Promise<Conversation> {
  return dataOf(await api.POST('/api/assistant/v1/conversations', { body: {} }));
}

export async function renameAssistantConversation(id: string, title: string): Promise<Conversation> {
  return dataOf(
    await api.PATCH('/api/assistant/v1/conversations/{id}', { params: { path: { id } }, body: { title } }),
  );
}

export async function deleteAssistantConversation(id: string): Promise<void> {
  await api.DELETE('/api/assistant/v1/conversations/{id}', { params: { path: { id } } });
}

export async function endAssistantSession(id: string): Promise<Conversation> {
  return dataOf(await api.POST('/api/assistant/v1/conversations/{id}/end', { params: { path: { id } } }));
}

export async function setAssistantFeedback(conversation: string, message: string, feedback: Feedback) {
  return dataOf(
    await api.PUT('/api/assistant/v1/conversations/{id}/messages/{message_id}/feedback', {
      params: { path: { id: conversation, message_id: message } },
      body: feedback,
    }),
  );
}

export async function getAssistantSentPayload(conversation: string, message: string) {
  return dataOf(
    await api.GET('/api/assistant/v1/conversations/{id}/messages/{message_id}/sent', {
      params: { path: { id: conversation, message_id: message } },
    }),
  ).requests;
}

/** Asks a question; each event of the streamed answer goes to `onEvent` as it arrives. */
export async function sendAssistantMessage(
  conversation: string,
  content: string,
  context: AssistantContext,
  onEvent: (event: AnswerEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const { response } = await api.POST('/api/assistant/v1/conversations/{id}/messages', {
    params: { path: { id: conversation } },
    body: { content, context },
    parseAs: 'stream',
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  if (!response.body) return;
  for await (const event of readEvents(response.body)) onEvent(event);
}
