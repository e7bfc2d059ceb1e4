import { defenderKind } from './defender.ts';
import { httpKind, pagerDutyKind, slackKind, teamsKind } from './outbound-kinds.ts';
import { syslogKind } from './syslog.ts';
import type { IntegrationKind } from './types.ts';
import { webhookKind } from './webhook.ts';

/** Every kind that can be configured here. Other kinds (seeded products) are shown but not edited. */
export const KINDS: readonly IntegrationKind[] = [
  webhookKind,
  syslogKind,
  defenderKind,
  slackKind,
  teamsKind,
  pagerDutyKind,
  httpKind,
];

const BY_NAME = new Map(KINDS.map((kind) => [kind.kind, kind]));

export const kindOf = (kind: string): IntegrationKind | undefined => BY_NAME.get(kind);

export { checkField, FIELD_MESSAGES } from './fields.ts';
export type { FieldSpec, IntegrationKind, KindContext, OutboundMessage, OutboundRequest } from './types.ts';
