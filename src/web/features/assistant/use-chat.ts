import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError, isAbort } from '../../api/errors.ts';
import { offerDraft } from '../../lib/drafts.ts';
import {
  ASSISTANT_AREA,
  type AssistantContext,
  type Conversation,
  createAssistantConversation,
  getAssistantConversation,
  type Message,
  sendAssistantMessage,
} from './api.ts';

/** A message on screen: a stored one, or the answer still streaming in. */
export interface ChatMessage extends Message {
  streaming?: boolean;
}

export interface ChatState {
  conversation: Conversation | null;
  messages: ChatMessage[];
  busy: boolean;
  /** The look-up the model is making now (its tool's name). */
  looking: string | null;
  /** Why the last question got no answer. */
  error: string | null;
  /** Whether the last draft found an editor to land in. */
  drafted: 'landed' | 'no-editor' | null;
}

const EMPTY: ChatState = {
  conversation: null,
  messages: [],
  busy: false,
  looking: null,
  error: null,
  drafted: null,
};

/** One conversation with the assistant: open one, ask, and watch the answer stream in. */
export function useChat() {
  const [state, setState] = useState<ChatState>(EMPTY);
  const latest = useRef(state);
  latest.current = state;
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const refreshHistory = useCallback(
    () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith(ASSISTANT_AREA) }),
    [queryClient],
  );

  const select = useCallback(async (id: string) => {
    abort.current?.abort();
    const conversation = await getAssistantConversation(id);
    const { messages, ...rest } = conversation;
    setState({ ...EMPTY, conversation: rest, messages });
  }, []);

  const startNew = useCallback(() => {
    abort.current?.abort();
    setState(EMPTY);
  }, []);

  const ask = useCallback(
    async (prompt: string, context: AssistantContext, draft = false) => {
      const content = prompt.trim();
      if (!content || latest.current.busy) return;
      const controller = new AbortController();
      abort.current = controller;
      const now = new Date().toISOString();
      const question: ChatMessage = {
        id: `q-${now}`,
        role: 'user',
        content,
        citations: [],
        feedback: null,
        created_at: now,
      };
      const answer: ChatMessage = {
        id: `a-${now}`,
        role: 'assistant',
        content: '',
        citations: [],
        feedback: null,
        created_at: now,
        streaming: true,
      };
      setState((s) => ({
        ...s,
        busy: true,
        error: null,
        looking: null,
        drafted: null,
        messages: [...s.messages, question, answer],
      }));
      const pending = answer.id;
      const update = (fn: (m: ChatMessage) => ChatMessage) =>
        setState((s) => ({ ...s, messages: s.messages.map((m) => (m.id === pending ? fn(m) : m)) }));
      try {
        let conversation = latest.current.conversation;
        if (!conversation) {
          conversation = await createAssistantConversation();
          setState((s) => ({ ...s, conversation }));
        }
        await sendAssistantMessage(
          conversation.id,
          content,
          context,
          (event) => {
            if (event.type === 'delta') {
              setState((s) => ({ ...s, looking: null }));
              update((m) => ({ ...m, content: m.content + event.text }));
            } else if (event.type === 'tool') setState((s) => ({ ...s, looking: event.name }));
            else if (event.type === 'done') {
              update(() => event.message);
              if (draft)
                setState((s) => ({
                  ...s,
                  drafted: offerDraft(event.message.content) ? 'landed' : 'no-editor',
                }));
            } else if (event.type === 'error') setState((s) => ({ ...s, error: event.message }));
          },
          controller.signal,
        );
      } catch (error) {
        if (!isAbort(error))
          setState((s) => ({ ...s, error: error instanceof ApiError ? error.message : String(error) }));
      } finally {
        setState((s) => ({
          ...s,
          busy: false,
          looking: null,
          // An answer that never completed is not kept on screen as if it had.
          messages: s.messages.filter((m) => !(m.streaming && m.id === pending)),
        }));
        void refreshHistory();
      }
    },
    [refreshHistory],
  );

  const patch = useCallback((next: Partial<ChatState>) => setState((s) => ({ ...s, ...next })), []);
  const replaceMessage = useCallback(
    (message: Message) =>
      setState((s) => ({ ...s, messages: s.messages.map((m) => (m.id === message.id ? message : m)) })),
    [],
  );

  return { state, select, startNew, ask, patch, replaceMessage, refreshHistory };
}
