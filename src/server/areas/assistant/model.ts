import OpenAI from 'openai';
import type { AssistantSettings, OutboundSettings } from '../../config.ts';
import { guardedFetch } from '../../platform/outbound/index.ts';

/** One request body as it left for the model ("show what was sent"). */
export interface SentRequest {
  url: string;
  body: string;
}

/** The whole exchange with the model, a streamed answer included. */
const MODEL_TIMEOUT_MS = 120_000;
const MODEL_MAX_BYTES = 20 * 1024 * 1024;

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers ?? {}).entries());
}

/**
 * A chat completions client for the configured endpoint whose every request goes through the
 * outbound guard (an internal endpoint must be allowed by an administrator) and is recorded,
 * byte for byte, in `sent`.
 */
export function modelClient(
  settings: AssistantSettings,
  outbound: OutboundSettings,
  sent: SentRequest[],
  onRequest: () => void = () => undefined,
): OpenAI {
  return new OpenAI({
    baseURL: settings.baseUrl!,
    // The SDK wants a key; an endpoint that needs none gets no Authorization header (below).
    apiKey: settings.apiKey ?? 'none',
    maxRetries: 0,
    timeout: MODEL_TIMEOUT_MS,
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const body = typeof init?.body === 'string' ? init.body : '';
      sent.push({ url, body });
      const headers = headersOf(init);
      if (!settings.apiKey) delete headers.authorization;
      const response = guardedFetch(
        url,
        { method: init?.method ?? 'POST', headers, body, signal: init?.signal ?? undefined },
        { settings: outbound, timeoutMs: MODEL_TIMEOUT_MS, maxBytes: MODEL_MAX_BYTES },
      );
      onRequest();
      return response;
    },
  });
}
