import jsonata from 'jsonata';
import type { FieldIssue } from '../../../errors.ts';
import type { IntegrationKind } from './types.ts';

/** The mapping a new webhook instance starts with: a payload already in the alert's own shape. */
export const DEFAULT_WEBHOOK_MAPPING =
  '{ "title": title, "type": type ? type : "webhook", "priority": priority, "host_name": host_name, "fields": fields }';

export function compileIssue(field: string, expression: string | undefined): FieldIssue | null {
  if (!expression) return null;
  try {
    jsonata(expression);
    return null;
  } catch (error) {
    return { field, reason: `is not a valid JSONata expression: ${(error as Error).message}` };
  }
}

/**
 * Webhook in: a sender signs each delivery (HMAC-SHA256 over `<timestamp>.<body>` with the
 * signing secret); `tenant` picks the external tenant id out of the payload and `mapping` turns
 * the payload into an alert (both JSONata).
 */
export const webhookKind: IntegrationKind = {
  kind: 'webhook',
  direction: 'in',
  brings: ['alerts'],
  actions: [],
  fields: [
    { name: 'tenant', required: true, maxLength: 1000, expression: true, default: 'tenant' },
    {
      name: 'mapping',
      required: true,
      maxLength: 10_000,
      expression: true,
      multiline: true,
      default: DEFAULT_WEBHOOK_MAPPING,
    },
    { name: 'signing_secret', secret: true, required: true, minLength: 32, maxLength: 200 },
  ],
  check: ({ settings }) =>
    [
      compileIssue('settings.tenant', settings.tenant),
      compileIssue('settings.mapping', settings.mapping),
    ].filter((issue): issue is FieldIssue => issue !== null),
};
