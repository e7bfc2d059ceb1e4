import { HTTPS_URL } from './fields.ts';
import type { IntegrationKind, OutboundMessage } from './types.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

const lines = (message: OutboundMessage) =>
  [message.text, message.link].filter((part): part is string => Boolean(part)).join('\n');

/** Slack incoming webhook: mrkdwn text. */
export const slackKind: IntegrationKind = {
  kind: 'slack',
  direction: 'out',
  brings: [],
  actions: ['notify'],
  testBySending: true,
  fields: [{ name: 'webhook_url', secret: true, required: true, maxLength: 500, pattern: HTTPS_URL }],
  request: ({ secrets }, message) => ({
    url: secrets.webhook_url!,
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ text: [`*${message.title}*`, lines(message)].filter(Boolean).join('\n') }),
  }),
};

/** Microsoft Teams incoming webhook (workflow webhooks take the same message): an Adaptive Card. */
export const teamsKind: IntegrationKind = {
  kind: 'microsoft_teams',
  direction: 'out',
  brings: [],
  actions: ['notify'],
  testBySending: true,
  fields: [{ name: 'webhook_url', secret: true, required: true, maxLength: 1000, pattern: HTTPS_URL }],
  request: ({ secrets }, message) => ({
    url: secrets.webhook_url!,
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: message.title, weight: 'Bolder', wrap: true },
              ...(lines(message) ? [{ type: 'TextBlock', text: lines(message), wrap: true }] : []),
            ],
          },
        },
      ],
    }),
  }),
};

/** Our severities in PagerDuty's four. */
const PAGERDUTY_SEVERITY: Record<string, string> = {
  critical: 'critical',
  high: 'error',
  medium: 'warning',
  low: 'info',
  info: 'info',
};

/**
 * PagerDuty Events API v2: a trigger event per message. Validation does not send one, as a test
 * event would page whoever is on call.
 */
export const pagerDutyKind: IntegrationKind = {
  kind: 'pagerduty',
  direction: 'out',
  brings: [],
  actions: ['trigger_incident'],
  testBySending: false,
  fields: [
    {
      name: 'events_url',
      required: true,
      maxLength: 500,
      pattern: HTTPS_URL,
      default: 'https://events.pagerduty.com/v2/enqueue',
    },
    {
      name: 'routing_key',
      secret: true,
      required: true,
      pattern: { regex: '^[A-Za-z0-9]{32}$', format: '32 letters or digits' },
    },
  ],
  request: ({ settings, secrets }, message) => ({
    url: settings.events_url!,
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      routing_key: secrets.routing_key,
      event_action: 'trigger',
      ...(message.dedupKey ? { dedup_key: message.dedupKey } : {}),
      payload: {
        summary: message.title.slice(0, 1024),
        source: 'watchfloor',
        severity: PAGERDUTY_SEVERITY[message.severity ?? 'medium'] ?? 'warning',
        custom_details: { text: message.text, ...message.details },
      },
      ...(message.link ? { links: [{ href: message.link, text: 'Open in Watchfloor' }] } : {}),
    }),
  }),
};

/** A generic HTTP action: the message as JSON to an address, with an optional Authorization header. */
export const httpKind: IntegrationKind = {
  kind: 'http',
  direction: 'out',
  brings: [],
  actions: ['http_request'],
  testBySending: true,
  fields: [
    { name: 'url', required: true, maxLength: 1000, pattern: HTTPS_URL },
    { name: 'method', required: true, options: ['POST', 'PUT'], default: 'POST' },
    { name: 'authorization', secret: true, maxLength: 2000 },
  ],
  request: ({ settings, secrets }, message) => ({
    url: settings.url!,
    method: settings.method === 'PUT' ? 'PUT' : 'POST',
    headers: { ...JSON_HEADERS, ...(secrets.authorization ? { authorization: secrets.authorization } : {}) },
    body: JSON.stringify({
      title: message.title,
      text: message.text ?? null,
      severity: message.severity ?? null,
      dedup_key: message.dedupKey ?? null,
      link: message.link ?? null,
      details: message.details ?? {},
    }),
  }),
};
