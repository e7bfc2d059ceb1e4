import { meterLogUsage } from '../areas/logs/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { SecretBox } from '../auth/secret-box.ts';
import { alerts } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { seedAgents } from './agents.ts';
import { AlertFactory } from './alerts.ts';
import { seedBreachLookups } from './breaches.ts';
import { ALERTS_PER_CASE, finishCases, MIN_CASES, seedCases } from './cases.ts';
import { seedIndicators, seedUpdates } from './content.ts';
import { seedDomains } from './domains.ts';
import { seedEscalationPlan } from './escalations.ts';
import { insertInBatches } from './insert.ts';
import { seedLogEvents } from './logs.ts';
import { seedOrganisation } from './organisation.ts';
import { Rng, WeightedTable } from './prng.ts';
import { seedReport } from './reports.ts';
import { seedTerminalRecording } from './terminal.ts';
import { TriageFactory } from './triage.ts';
import { firstFreeId, seedIntegrations, seedMutesAndRules, syncIds } from './triage-setup.ts';
import type { SeedProgress } from './types.ts';
import { seedWorkflowTemplates } from './workflows.ts';

export type { SeedProgress } from './types.ts';

export interface SeedOptions {
  customers: number;
  alerts: number;
  agents: number;
  seed: number;
  /** Every demo account gets this password (hashed once). */
  password: string;
  /** "Now" for relative dates; defaults to the current time. Tests pass a fixed one. */
  now?: Date;
  /** Rows per multi-row insert of alerts. */
  batchSize?: number;
  /** Called after each phase and every `progressEvery` alerts. */
  onProgress?: (progress: SeedProgress) => void;
  progressEvery?: number;
  /** WATCHFLOOR_SECRETS_KEY, which seals integration credentials; unset: the database's own key. */
  secretsKey?: string | undefined;
}

export interface SeedSummary {
  partnerId: string;
  customers: number;
  users: number;
  agents: number;
  alerts: number;
  cases: number;
  updates: number;
  indicators: number;
  integrations: number;
  mutes: number;
  alertRules: number;
  detections: number;
  discussions: number;
  activity: number;
  /** Log events of the first customers (search screen demo). */
  logEvents: number;
  /** The report builder's demo report. */
  reports: number;
  /** Recorded terminal sessions (one, when the first customer has an agent that allows the terminal). */
  terminalRecordings: number;
  durationMs: number;
}

/** The demo has Acme Corp, at least one customer without subscription and a few more: five at least. */
export const MIN_CUSTOMERS = 5;

/** Why the counts cannot be seeded, or null when they can. */
export function checkSeedCounts(
  o: Pick<SeedOptions, 'customers' | 'alerts' | 'agents' | 'seed'>,
): string | null {
  for (const key of ['customers', 'alerts', 'agents'] as const) {
    if (!Number.isSafeInteger(o[key]) || o[key] < 1) return `${key} must be a positive integer`;
  }
  if (!Number.isSafeInteger(o.seed) || o.seed < 0 || o.seed > 0xffff_ffff)
    return 'seed must be an integer from 0 to 4294967295';
  if (o.customers < MIN_CUSTOMERS) return `customers must be at least ${MIN_CUSTOMERS}`;
  if (o.agents < o.customers)
    return 'agents must be at least the number of customers (every customer has one)';
  return null;
}

/**
 * Fills an empty database with a demo MSSP: one partner, its customers, users, agents, alerts,
 * cases, platform updates and threat indicators, and the triage data around them: integrations and
 * their tenant mappings, mutes, alert rules, and per alert its status activity, detections and comments. Deterministic from `seed` (dates are relative to
 * `now`). Uses the system connection (row-level security does not apply) and batched inserts.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const problem = checkSeedCounts(options);
  if (problem) throw new Error(problem);
  const started = performance.now();
  const now = (options.now ?? new Date()).getTime();
  const report = options.onProgress ?? (() => undefined);
  const every = options.progressEvery ?? 50_000;
  const batchSize = options.batchSize ?? 2000;
  // One stream per entity kind: changing how agents are made does not reshuffle every alert.
  const root = new Rng(options.seed);
  const streams = {
    org: root.fork(1),
    agents: root.fork(2),
    intel: root.fork(3),
    cases: root.fork(4),
    alerts: root.fork(5),
    updates: root.fork(6),
    // Added later; forked after the others so the existing streams (and so their data) stay as they were.
    integrations: root.fork(7),
    triage: root.fork(8),
    mutes: root.fork(9),
    fleet: root.fork(10),
    domains: root.fork(11),
    logs: root.fork(12),
    breaches: root.fork(13),
  };

  const passwordHash = await hashPassword(options.password);
  const org = await seedOrganisation(db, streams.org, options.customers, passwordHash, now);
  report({ phase: 'organisation', done: options.customers, total: options.customers });

  const agentCount = await seedAgents(
    db,
    streams.agents,
    org.customers,
    options.agents,
    now,
    streams.fleet,
    org.staff.map((s) => s.contactId),
  );
  report({ phase: 'agents', done: agentCount, total: options.agents });

  const intel = await seedIndicators(db, streams.intel, now);
  const updates = await seedUpdates(db, streams.updates, now);
  report({ phase: 'content', done: intel.count + updates, total: intel.count + updates });

  // Lookalike domains of each customer, as scans would have left them.
  await seedDomains(db, streams.domains, org.customers, org.staff[0]!.contactId, now);
  // Past breach look-ups of a few people per customer: the threat screen's breach history.
  await seedBreachLookups(db, streams.breaches, org.partnerId, org.customers, org.staff[0]!.contactId, now);

  const customers = new WeightedTable(org.customers, (c) => c.weight);
  const caseCount = Math.max(MIN_CASES, Math.round(options.alerts / ALERTS_PER_CASE));
  const plans = await seedCases(db, streams.cases, caseCount, customers, org.analysts, now);
  report({ phase: 'cases', done: plans.length, total: caseCount });

  const secrets = await SecretBox.open(db, options.secretsKey);
  const integrationIds = await seedIntegrations(
    db,
    streams.integrations,
    org.partnerId,
    org.customers,
    now,
    secrets,
  );
  const config = await seedMutesAndRules(db, streams.mutes, org, now);
  // The workflow templates every provider starts with (no randomness: the same library every time).
  await seedWorkflowTemplates(db, org.partnerId, org.staff[0]!.contactId);
  await seedEscalationPlan(db, org.partnerId, now);
  report({ phase: 'triage', done: config.mutes + config.rules, total: config.mutes + config.rules });

  const firstAlertId = await firstFreeId(db, 'alerts');
  const triage = new TriageFactory(streams.triage, org, now, await firstFreeId(db, 'discussions'));
  for (const [index, plan] of plans.entries()) triage.forCase(plan, index, plans.length);

  const alertFactory = new AlertFactory(
    streams.alerts,
    customers,
    plans,
    org.analysts,
    options.alerts,
    now,
    intel.pool,
  );
  let reported = 0;
  await insertInBatches(
    db,
    alerts,
    options.alerts,
    batchSize,
    (i) => {
      const row = alertFactory.row(i);
      const id = firstAlertId + i;
      row.id = id;
      row.integrationId = integrationIds.get(row.externalSource ?? '') ?? null;
      triage.forAlert(id, row);
      return row;
    },
    async (done) => {
      await triage.flush(db);
      if (done - reported >= every || done === options.alerts) {
        reported = done;
        report({ phase: 'alerts', done, total: options.alerts });
      }
    },
  );
  await triage.flush(db, true);
  await syncIds(db, 'alerts');
  await syncIds(db, 'discussions');
  await finishCases(db);
  const logEvents = await seedLogEvents(db, streams.logs, org.customers, now);
  // The usage the hourly log-usage job would meter: retention and compliance figures from the start.
  await meterLogUsage(db, new Date(now));
  // The report builder's demo report and one recorded terminal session, both the administrator's.
  const admin = org.staff.find((s) => s.role === 'admin') ?? org.staff[0]!;
  await seedReport(db, org.partnerId, admin.contactId);
  const terminalRecordings = await seedTerminalRecording(
    db,
    org.partnerId,
    org.customers[0]!.customerId,
    admin,
    now,
  );

  const summary: SeedSummary = {
    partnerId: org.partnerId,
    customers: org.customers.length,
    users: org.users,
    agents: agentCount,
    alerts: options.alerts,
    cases: plans.length,
    updates,
    indicators: intel.count,
    integrations: integrationIds.size,
    mutes: config.mutes,
    alertRules: config.rules,
    detections: triage.counts.detections,
    discussions: triage.counts.discussions,
    activity: triage.counts.activity,
    logEvents,
    reports: 1,
    terminalRecordings,
    durationMs: Math.round(performance.now() - started),
  };
  report({ phase: 'done', done: options.alerts, total: options.alerts });
  return summary;
}
