import { useSyncExternalStore } from 'react';

/**
 * Whether the assistant's side panel is open, and a question waiting for it (a palette command
 * asks one). Outside React so a palette command's runner, loaded on its own, can open the panel.
 */
export interface AssistantRequest {
  /** Asked as soon as the panel shows it. */
  prompt: string;
  /** The answer is a draft for the comment editor of the open alert or case. */
  draft: boolean;
}

interface PanelState {
  open: boolean;
  request: AssistantRequest | null;
  /** Bumped by endSession(): the panel ends its conversation's session. */
  endRequests: number;
}

let state: PanelState = { open: false, request: null, endRequests: 0 };
const listeners = new Set<() => void>();
const set = (next: Partial<PanelState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

export const assistantPanel = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  open(request: AssistantRequest | null = null) {
    set({ open: true, request });
  },
  close() {
    set({ open: false });
  },
  toggle() {
    set({ open: !state.open });
  },
  /** The request, taken once by the panel. */
  take(): AssistantRequest | null {
    const { request } = state;
    if (request) state = { ...state, request: null };
    return request;
  },
  /** The widget's end-session method: ends the current conversation's session. */
  endSession() {
    set({ endRequests: state.endRequests + 1 });
  },
};

/** The close-chat event a host page (or any part of the console) may dispatch on window. */
export const CLOSE_CHAT_EVENT = 'watchfloor:assistant-close-chat';

export function useAssistantPanel(): PanelState {
  return useSyncExternalStore(assistantPanel.subscribe, assistantPanel.get, assistantPanel.get);
}
