import type { OutboundSettings } from '../../../config.ts';
import type { FieldIssue } from '../../../errors.ts';

/** One setting of a kind: how the form draws it and how the server checks it (spec 2, section 5). */
export interface FieldSpec {
  name: string;
  /** Sealed at rest and never returned: answers say only whether it is set. */
  secret?: boolean;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** A regular expression the value must match, and the format the message names. */
  pattern?: { regex: string; format: string };
  /** A closed list of values (a select). */
  options?: readonly string[];
  /** A JSONata expression (checked by compiling it). */
  expression?: boolean;
  multiline?: boolean;
  default?: string;
}

/** A message an outbound kind delivers: an alert, a workflow's note, a connection test. */
export interface OutboundMessage {
  title: string;
  text?: string;
  /** critical, high, medium, low or info; PagerDuty maps it to its own severities. */
  severity?: string;
  /** Groups repeated messages about one thing (PagerDuty's dedup_key). */
  dedupKey?: string;
  /** Where the console shows it, for a link in the message. */
  link?: string;
  details?: Record<string, unknown>;
}

/** One request an outbound kind asks the guard to make. */
export interface OutboundRequest {
  url: string;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string;
}

export interface KindContext {
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

/**
 * A kind of integration: its settings, the checks beyond each field's rules, and what it does.
 * `in` kinds bring alerts (a webhook, syslog); `out` kinds deliver messages through the outbound
 * guard. Several instances of one kind may exist, each with its own settings.
 */
export interface IntegrationKind {
  kind: string;
  direction: 'in' | 'out';
  fields: readonly FieldSpec[];
  /** What it brings into the product. */
  brings: readonly string[];
  /** What it offers workflows and people (sendThroughIntegration). */
  actions: readonly string[];
  /** Checks across fields or of a field's meaning (an expression that does not compile). */
  check?(context: KindContext): FieldIssue[];
  /** The request a message becomes; for out kinds. */
  request?(context: KindContext, message: OutboundMessage): OutboundRequest;
  /** Whether validation sends a test message (false where one would page someone). */
  testBySending?: boolean;
  /** An inbound kind's connection test (sign in, read one item); throws IntegrationSendError naming the host. */
  testConnection?(context: KindContext, options: TestOptions): Promise<void>;
}

export interface TestOptions {
  outbound: OutboundSettings;
}
