import type { components } from '../../../api/schema.d.ts';

/** The events of a streamed answer (openapi/paths/assistant.yaml, sendAssistantMessage). */
export type AnswerEvent =
  | { type: 'start'; question_id: string }
  | { type: 'tool'; name: string; rows: number }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: components['schemas']['AssistantMessage'] }
  | { type: 'error'; code: string; message: string };

function eventOf(block: string): AnswerEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  const payload = JSON.parse(data.join('\n')) as Record<string, unknown>;
  if (name === 'done') return { type: 'done', message: payload as never };
  return { type: name, ...payload } as AnswerEvent;
}

/** Server-sent events from a response body, one parsed event at a time. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AnswerEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = eventOf(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event) yield event;
      end = buffer.indexOf('\n\n');
    }
  }
  const last = buffer.trim() ? eventOf(buffer) : null;
  if (last) yield last;
}
