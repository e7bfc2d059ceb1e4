import { sql } from 'drizzle-orm';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { type Scope, withScope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import type { Pseudonyms } from './pseudonyms.ts';
import * as q from './tool-queries.ts';

/** Rows one look-up may hand the model, and how long its query may run. */
export const TOOL_ROW_CAP = 20;
export const LOG_ROW_CAP = 50;
export const TOOL_TIME_MS = 3000;
const LOG_HOURS_CAP = 24 * 7;

type Args = Record<string, unknown>;
interface ToolSpec {
  description: string;
  parameters: Record<string, unknown>;
  run(tx: Db, args: Args): Promise<q.Row[]>;
}

const text = (value: unknown, max = 200) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
const whole = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};
const limitOf = (args: Args, cap = TOOL_ROW_CAP) => whole(args.limit, Math.min(10, cap), cap);
const idOf = (value: unknown) => {
  const n = Number(String(value ?? '').replace(/^#/, ''));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const LIMIT = { type: 'integer', minimum: 1, maximum: TOOL_ROW_CAP };

const TOOLS: Record<string, ToolSpec> = {
  find_alerts: {
    description: 'Find alerts, newest first, by words of the title or host, status and priority.',
    parameters: object({
      text: { type: 'string' },
      status: { type: 'string' },
      priority: { type: 'string', enum: ['critical', 'high', 'medium', 'low'] },
      limit: LIMIT,
    }),
    run: (tx, a) =>
      q.findAlerts(
        tx,
        { text: text(a.text), status: text(a.status), priority: text(a.priority) },
        limitOf(a),
      ),
  },
  get_alert: {
    description: 'Read one alert by its id, with its fields.',
    parameters: object({ id: { type: 'integer' } }, ['id']),
    run: async (tx, a) => {
      const id = idOf(a.id);
      return id ? q.getAlert(tx, id) : [];
    },
  },
  find_cases: {
    description: 'Find cases, most recently updated first, by words of the title and status.',
    parameters: object({ text: { type: 'string' }, status: { type: 'string' }, limit: LIMIT }),
    run: (tx, a) => q.findCases(tx, { text: text(a.text), status: text(a.status) }, limitOf(a)),
  },
  get_case: {
    description: 'Read one case by its id, with the ids of its alerts.',
    parameters: object({ id: { type: 'integer' } }, ['id']),
    run: async (tx, a) => {
      const id = idOf(a.id);
      return id ? q.getCase(tx, id, TOOL_ROW_CAP) : [];
    },
  },
  find_agents: {
    description: 'Find endpoint agents by host name or IP address.',
    parameters: object({ text: { type: 'string' }, limit: LIMIT }),
    run: (tx, a) => q.findAgents(tx, { text: text(a.text) }, limitOf(a)),
  },
  search_logs: {
    description: `Search log events of the last hours (at most ${LOG_HOURS_CAP}) for words in the message, host or user.`,
    parameters: object(
      {
        text: { type: 'string' },
        hours: { type: 'integer', minimum: 1, maximum: LOG_HOURS_CAP },
        limit: { type: 'integer', minimum: 1, maximum: LOG_ROW_CAP },
      },
      ['text'],
    ),
    run: async (tx, a) => {
      const words = text(a.text);
      if (!words) return [];
      return q.searchLogs(
        tx,
        { text: words, hours: whole(a.hours, 24, LOG_HOURS_CAP) },
        limitOf(a, LOG_ROW_CAP),
      );
    },
  },
  lookup_threat: {
    description: 'Look up an IP address, domain or file hash in the threat intelligence store.',
    parameters: object({ value: { type: 'string' } }, ['value']),
    run: async (tx, a) => {
      const value = text(a.value, 512);
      return value ? q.lookupThreat(tx, value) : [];
    },
  },
  vulnerability_summary: {
    description: 'The vulnerabilities agents report, most severe and widespread first.',
    parameters: object({ limit: LIMIT }),
    run: (tx, a) => q.vulnerabilitySummary(tx, limitOf(a)),
  },
  dashboard_figures: {
    description:
      'Alert counts by status and priority over the last days (at most 90), open cases and agents.',
    parameters: object({ days: { type: 'integer', minimum: 1, maximum: 90 } }),
    run: (tx, a) => q.dashboardFigures(tx, whole(a.days, 7, 90)),
  },
};

/** The tools as the chat completions protocol declares them. */
export const TOOL_DEFINITIONS: ChatCompletionTool[] = Object.entries(TOOLS).map(([name, spec]) => ({
  type: 'function',
  function: { name, description: spec.description, parameters: spec.parameters },
}));

/** Fields whose values name a host, a person or a customer, wherever a row carries them. */
const ENTITY_FIELDS: [RegExp, 'HOST' | 'USER' | 'CUSTOMER'][] = [
  [/^customer_name$/, 'CUSTOMER'],
  [/host|computer|device|machine|workstation/i, 'HOST'],
  [/user|account|owner|login|person|actor|name$/i, 'USER'],
];

/** Registers every identifying value a row carries, nested fields included. */
function registerEntities(pseudonyms: Pseudonyms, value: unknown, key = ''): void {
  if (Array.isArray(value)) for (const item of value) registerEntities(pseudonyms, item, key);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) registerEntities(pseudonyms, v, k);
  else if (typeof value === 'string' && key !== 'title' && key !== 'message' && key !== 'description') {
    const kind = ENTITY_FIELDS.find(([pattern]) => pattern.test(key))?.[1];
    if (kind) pseudonyms.register(kind, value);
  }
}

export interface ToolCall {
  name: string;
  /** The arguments as the model wrote them (placeholders and all). */
  arguments: string;
}

export interface ToolResult {
  /** What goes back to the model: JSON with every identifying value masked. */
  content: string;
  rows: number;
  /** Ids of what the rows show, so the answer's citations can be checked. */
  error?: string;
}

/**
 * Runs one tool call as the caller: their scope (narrowed to the customers the console had
 * selected), read-only, capped in rows and time, audited with who, which tool, the arguments and
 * the row count. Its answer leaves masked.
 */
export async function runTool(
  db: Db,
  principal: Principal,
  scope: Scope,
  call: ToolCall,
  pseudonyms: Pseudonyms,
): Promise<ToolResult> {
  const spec = Object.hasOwn(TOOLS, call.name) ? TOOLS[call.name] : undefined;
  let args: Args = {};
  try {
    const parsed = JSON.parse(call.arguments || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) args = pseudonyms.unmaskValue(parsed);
  } catch {
    // Arguments that are not JSON are answered as an error the model can read, like an unknown tool.
  }
  let found: q.Row[] = [];
  let error: string | undefined;
  if (!spec) error = `There is no tool named ${call.name}.`;
  else {
    try {
      found = await withScope(db, scope, async (tx) => {
        await tx.execute(sql`select set_config('statement_timeout', ${String(TOOL_TIME_MS)}, true),
          set_config('transaction_read_only', 'on', true)`);
        return spec.run(tx, args);
      });
    } catch {
      error = 'The look-up did not finish in time or failed.';
    }
  }
  await withScope(db, principal.scope, (tx) =>
    audit(tx, principal, {
      action: 'assistant_tool',
      entity: 'assistant_tool',
      entityId: call.name,
      // One customer's look-up is that customer's to see in the log; a wider one the organisation's.
      customerId: scope.customerIds.length === 1 ? scope.customerIds[0]! : null,
      after: { tool: call.name, arguments: args, rows: found.length, ...(error ? { error } : {}) },
    }),
  );
  registerEntities(pseudonyms, found);
  const content = pseudonyms.mask(JSON.stringify(error ? { error } : { rows: found }));
  return { content, rows: found.length, ...(error ? { error } : {}) };
}
