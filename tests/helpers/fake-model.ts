import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI chat completions protocol (streamed, with tool calls), for
 * the assistant's tests, its end-to-end journey and its benchmark. It records every request body
 * as it arrived. By default it behaves like a model that reads before it answers: a question
 * about an alert (named in the question or in the route of the context) reads that alert, a
 * question about logs searches them, any other question lists alerts; once a tool answered, it
 * writes an answer from the first row, citing its id and naming its host as the tool wrote it.
 */
export interface ModelMessage {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}
export interface ModelRequest {
  model: string;
  messages: ModelMessage[];
  tools?: { function: { name: string } }[];
  stream?: boolean;
}
/** What the fake answers: text (streamed in pieces) or tool calls. */
export type ModelReply =
  | { text: string }
  | { tools: { name: string; arguments: Record<string, unknown> }[] }
  /** A failure of the endpoint itself. */
  | { status: number };

export interface FakeModel {
  /** Its base URL, as ASSISTANT_BASE_URL takes it (`…/v1`). */
  url: string;
  /** Every request body, raw, in order. */
  bodies: string[];
  /** Replaces the default behaviour (null restores it). */
  script(reply: ((request: ModelRequest) => ModelReply) | null): void;
  close(): Promise<void>;
}

export interface FakeModelOptions {
  /** Before the first piece of each answer (a model's own first-token time). */
  firstTokenMs?: number;
  /** Between pieces. */
  pieceMs?: number;
  pieceLength?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function defaultReply(request: ModelRequest): ModelReply {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') {
    let rows: Record<string, unknown>[] = [];
    try {
      rows = (JSON.parse(last.content ?? '{}') as { rows?: Record<string, unknown>[] }).rows ?? [];
    } catch {
      rows = [];
    }
    const first = rows[0];
    if (!first) return { text: 'I found nothing that matches.' };
    if (first.id !== undefined && first.title !== undefined)
      return {
        text: `[alert:${first.id}] "${first.title}" is ${first.priority} priority on ${first.host_name ?? 'no host'} for ${first.customer_name}. It looks like a credential attack; isolate the host if the sign-ins were not expected.`,
      };
    return { text: `I found ${rows.length} rows. The first: ${JSON.stringify(first)}` };
  }
  const question = String(last?.content ?? '');
  const alert = /\balerts?\/(\d+)|\balert #?(\d+)/i.exec(question);
  if (alert) return { tools: [{ name: 'get_alert', arguments: { id: Number(alert[1] ?? alert[2]) } }] };
  const logs = /\blogs?\b.*?"([^"]+)"/i.exec(question);
  if (logs) return { tools: [{ name: 'search_logs', arguments: { text: logs[1], hours: 24 } }] };
  if (!request.tools) return { text: 'Here is what I know.' };
  return { tools: [{ name: 'find_alerts', arguments: { limit: 5 } }] };
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

async function answer(
  res: ServerResponse,
  request: ModelRequest,
  reply: ModelReply,
  options: FakeModelOptions,
) {
  const model = request.model;
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'The model is overloaded.' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  await sleep(options.firstTokenMs ?? 0);
  res.write(chunk(model, { role: 'assistant', content: '' }));
  if ('text' in reply) {
    const size = options.pieceLength ?? 12;
    for (let i = 0; i < reply.text.length; i += size) {
      res.write(chunk(model, { content: reply.text.slice(i, i + size) }));
      if (options.pieceMs) await sleep(options.pieceMs);
    }
    res.write(chunk(model, {}, 'stop'));
  } else {
    for (const [index, call] of reply.tools.entries()) {
      res.write(
        chunk(model, {
          tool_calls: [
            { index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
      );
      const args = JSON.stringify(call.arguments);
      // Arguments arrive in pieces, as real endpoints send them.
      for (let i = 0; i < args.length; i += 5)
        res.write(chunk(model, { tool_calls: [{ index, function: { arguments: args.slice(i, i + 5) } }] }));
    }
    res.write(chunk(model, {}, 'tool_calls'));
  }
  res.end('data: [DONE]\n\n');
}

async function read(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startFakeModel(
  options: FakeModelOptions = {},
  port = 0,
  host = '127.0.0.1',
): Promise<FakeModel> {
  const bodies: string[] = [];
  let scripted: ((request: ModelRequest) => ModelReply) | null = null;
  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200).end('ok');
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = await read(req);
    bodies.push(body);
    const request = JSON.parse(body) as ModelRequest;
    await answer(res, request, (scripted ?? defaultReply)(request), options);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    bodies,
    script(reply) {
      scripted = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
