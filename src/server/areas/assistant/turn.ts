import type {
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { Principal } from '../../auth/principal.ts';
import type { Config } from '../../config.ts';
import type { Scope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { modelClient, type SentRequest } from './model.ts';
import { type Pseudonyms, StreamRestorer } from './pseudonyms.ts';
import { runTool, TOOL_DEFINITIONS } from './tools.ts';

/** Rounds of tool calls before the model must answer with what it has. */
const MAX_ROUNDS = 5;

const SYSTEM = [
  'You are the assistant of Watchfloor, a security operations console. Answer the analyst briefly and precisely.',
  'Use the tools to read alerts, cases, agents, logs, threat intelligence, vulnerabilities and dashboard figures; they are read-only and you never change anything.',
  'Cite what you rely on as [alert:ID], [case:ID] or [agent:ID] with the exact id.',
  'Names, hosts, e-mail and IP addresses appear as placeholders such as [HOST_1]: keep them exactly as written.',
  'When asked for a draft (a case summary, an update for the customer), write only the draft, for a person to edit.',
].join(' ');

export type TurnEvent = { type: 'tool'; name: string; rows: number } | { type: 'delta'; text: string };

export interface TurnInput {
  db: Db;
  config: Config;
  principal: Principal;
  /** The caller's scope, narrowed to the customers the console had selected. */
  scope: Scope;
  pseudonyms: Pseudonyms;
  /** Earlier turns as the model saw them. */
  history: { role: 'user' | 'assistant'; modelContent: string }[];
  /** The question and the console's context, already masked. */
  question: string;
  context: string;
  signal: AbortSignal;
  /** Told when a request to the model is on its way. */
  onRequest?: () => void;
}

export interface TurnResult {
  /** The answer as the model wrote it (placeholders in place). */
  modelContent: string;
  sent: SentRequest[];
}

/**
 * One question answered: the model is asked with the conversation so far, calls tools as it
 * needs (each run as the caller), and its answer streams out with placeholders restored.
 */
export async function* answerTurn(input: TurnInput, result: TurnResult): AsyncGenerator<TurnEvent> {
  const { config, pseudonyms } = input;
  const client = modelClient(config.assistant, config.outbound, result.sent, input.onRequest);
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: SYSTEM },
    ...input.history.map((m) => ({ role: m.role, content: m.modelContent })),
    { role: 'user', content: `${input.context}\n\n${input.question}` },
  ];
  const restorer = new StreamRestorer(pseudonyms);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const last = round === MAX_ROUNDS - 1;
    const stream = await client.chat.completions.create(
      {
        model: config.assistant.model!,
        messages,
        stream: true,
        ...(last ? {} : { tools: TOOL_DEFINITIONS }),
      },
      { signal: input.signal },
    );
    let content = '';
    const calls: ChatCompletionMessageFunctionToolCall[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        content += delta.content;
        const text = restorer.push(delta.content);
        if (text) yield { type: 'delta', text };
      }
      for (const part of delta.tool_calls ?? []) {
        calls[part.index] ??= {
          id: part.id ?? `call_${part.index}`,
          type: 'function',
          function: { name: '', arguments: '' },
        };
        const call = calls[part.index]!;
        if (part.id) call.id = part.id;
        if (part.function?.name) call.function.name += part.function.name;
        if (part.function?.arguments) call.function.arguments += part.function.arguments;
      }
    }
    const rest = restorer.flush();
    if (rest) yield { type: 'delta', text: rest };
    const made = calls.filter(Boolean);
    result.modelContent = content;
    if (made.length === 0) return;
    messages.push({ role: 'assistant', content: content || null, tool_calls: made });
    for (const call of made) {
      const answer = await runTool(input.db, input.principal, input.scope, call.function, pseudonyms);
      yield { type: 'tool', name: call.function.name, rows: answer.rows };
      messages.push({ role: 'tool', tool_call_id: call.id, content: answer.content });
    }
  }
}
