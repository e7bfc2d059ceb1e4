import type { Status } from '../../common/statuses.ts';
import { alertActivity, type alerts, detections, discussions } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { alertTime } from './alerts.ts';
import type { CasePlan } from './cases.ts';
import {
  APPS,
  CASE_COMMENTS,
  COUNTRIES,
  CUSTOMER_COMMENTS,
  DETECTIONS,
  PARENT_IMAGES,
  PHISH_SUBJECTS,
  PRIVATE_COMMENTS,
  SOURCE_FAMILY,
  STAFF_COMMENTS,
} from './catalogue/triage.ts';
import { insertRows } from './insert.ts';
import type { Organisation } from './organisation.ts';
import type { Rng } from './prng.ts';
import type { CustomerRef } from './types.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

type AlertRow = typeof alerts.$inferInsert;
type ActivityRow = typeof alertActivity.$inferInsert;
type DetectionRow = typeof detections.$inferInsert;
type DiscussionRow = typeof discussions.$inferInsert;

/** The status changes that lead from 'new' to an alert's status; empty when nobody touched it. */
const STATUS_PATHS: Record<Status, readonly Status[]> = {
  new: [],
  preview: [],
  open: ['open'],
  acknowledged: ['acknowledged'],
  escalated: ['acknowledged', 'escalated'],
  deferred: ['acknowledged', 'deferred'],
  reopened: ['acknowledged', 'closed', 'reopened'],
  closed: ['acknowledged', 'closed'],
  false_positive: ['acknowledged', 'false_positive'],
  accepted_risk: ['acknowledged', 'accepted_risk'],
  muted: [],
};

/** How likely an alert is discussed: escalations are talked about, fresh noise rarely. */
const DISCUSSED: Partial<Record<Status, number>> = {
  escalated: 0.45,
  reopened: 0.4,
  deferred: 0.25,
  acknowledged: 0.12,
  open: 0.08,
  closed: 0.07,
  false_positive: 0.06,
  accepted_risk: 0.2,
  new: 0.01,
};

/** Detections per alert (1–5), mostly one or two. */
const DETECTION_COUNTS = [
  [1, 40],
  [2, 25],
  [3, 18],
  [4, 10],
  [5, 7],
] as const;

/** Flush the companion rows once this many of one kind are waiting. */
const FLUSH_AT = 4000;

/**
 * Makes the rows that accompany each alert (status activity, detections, comments) as the alerts
 * are generated, from its own random stream, and writes them in batches: nothing is kept per alert.
 */
export class TriageFactory {
  private activity: ActivityRow[] = [];
  private detections: DetectionRow[] = [];
  private discussions: DiscussionRow[] = [];
  private readonly staffByEmail: Map<string, string>;
  private readonly analystIds: string[];
  private readonly staffIds: string[];
  private readonly peopleByCustomer: Map<string, CustomerRef>;
  counts = { activity: 0, detections: 0, discussions: 0 };

  constructor(
    private readonly rng: Rng,
    private readonly org: Organisation,
    private readonly now: number,
    /** The id the next discussion gets (ids are reserved up front so activity can refer to them). */
    private nextDiscussionId: number,
  ) {
    this.staffByEmail = new Map(org.staff.map((s) => [s.email, s.contactId]));
    this.analystIds = org.analysts.map((e) => this.staffByEmail.get(e)!);
    this.staffIds = org.staff.filter((s) => s.role !== 'readonly').map((s) => s.contactId);
    this.peopleByCustomer = new Map(org.customers.map((c) => [c.customerId, c]));
  }

  forAlert(id: number, row: AlertRow): void {
    const { rng } = this;
    const status = row.status as Status;
    const created = row.createdAt!.getTime();
    const updated = row.updatedAt!.getTime();
    const customerId = row.customerId;
    const assigned = (row.assignedUsers ?? [])
      .map((e) => this.staffByEmail.get(e))
      .filter((x) => x !== undefined);
    const actor = assigned.length > 0 ? assigned[0]! : rng.pick(this.analystIds);

    // Status changes, evenly spaced after creation, the last one at updated_at.
    const path = STATUS_PATHS[status];
    let before: string = 'new';
    for (const [k, after] of path.entries()) {
      const at =
        k === path.length - 1 ? updated : created + ((updated - created) * (k + 1)) / (path.length + 1);
      this.activity.push({
        customerId,
        alertId: id,
        actorId: actor,
        action: 'updated',
        field: 'status',
        before,
        after,
        at: new Date(at),
      });
      before = after;
    }
    if (status === 'muted') {
      this.activity.push({
        customerId,
        alertId: id,
        actorId: null,
        action: 'muted',
        before: { status: 'new' },
        after: { status: 'muted' },
        at: new Date(updated),
      });
    }
    if (row.classification) {
      this.activity.push({
        customerId,
        alertId: id,
        actorId: actor,
        action: 'updated',
        field: 'classification',
        before: null,
        after: row.classification,
        at: new Date(updated),
      });
    }

    const ageDays = (this.now - created) / DAY;
    if (rng.chance(ageDays < 30 ? 0.45 : 0.06)) this.makeDetections(id, row, created);
    if (rng.chance(DISCUSSED[status] ?? 0))
      this.makeComments(id, row, created, Math.max(updated, created + 30 * MINUTE));
  }

  forCase(plan: CasePlan, index: number, total: number): void {
    const { rng } = this;
    const created = alertTime(this.now, index / total);
    for (let k = rng.int(1, 3); k > 0; k--) {
      const isPrivate = rng.chance(0.25);
      const at = Math.min(this.now, created + rng.int(10, 60 * 24 * 3) * MINUTE);
      this.pushDiscussion({
        customerId: plan.customer.customerId,
        entity: 'case',
        entityId: plan.id,
        authorId: rng.pick(this.staffIds),
        body: isPrivate ? rng.pick(PRIVATE_COMMENTS) : rng.pick(CASE_COMMENTS),
        private: isPrivate,
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
    }
  }

  /** Writes what is waiting; `force` also writes a short tail. */
  async flush(db: Db, force = false): Promise<void> {
    if (force || this.activity.length >= FLUSH_AT) {
      for (let s = 0; s < this.activity.length; s += FLUSH_AT)
        await insertRows(db, alertActivity, this.activity.slice(s, s + FLUSH_AT));
      this.counts.activity += this.activity.length;
      this.activity = [];
    }
    if (force || this.detections.length >= FLUSH_AT) {
      await insertRows(db, detections, this.detections);
      this.counts.detections += this.detections.length;
      this.detections = [];
    }
    if (force || this.discussions.length >= FLUSH_AT) {
      await insertRows(db, discussions, this.discussions);
      this.counts.discussions += this.discussions.length;
      this.discussions = [];
    }
  }

  private pushDiscussion(row: DiscussionRow): number {
    const id = this.nextDiscussionId++;
    this.discussions.push({ ...row, id });
    return id;
  }

  private makeComments(id: number, row: AlertRow, from: number, to: number): void {
    const { rng } = this;
    const customer = this.peopleByCustomer.get(row.customerId)!;
    const customerUsers = this.org.customerUsers.get(row.customerId) ?? [];
    const fields = row.fields ?? {};
    const user =
      typeof fields.user === 'string'
        ? fields.user
        : row.entityId?.includes('@')
          ? row.entityId
          : rng.pick(customer.people).upn;
    const fill = (text: string) =>
      text.replaceAll('{host}', row.hostName ?? 'the affected host').replaceAll('{user}', user);
    const count = rng.int(1, 3);
    for (let k = 0; k < count; k++) {
      const byCustomer = k > 0 && customerUsers.length > 0 && rng.chance(0.35);
      const isPrivate = !byCustomer && rng.chance(0.25);
      const body = byCustomer
        ? fill(rng.pick(CUSTOMER_COMMENTS))
        : isPrivate
          ? rng.pick(PRIVATE_COMMENTS)
          : fill(rng.pick(STAFF_COMMENTS));
      const authorId = byCustomer ? rng.pick(customerUsers) : rng.pick(this.analystIds);
      const at = new Date(from + ((to - from) * (k + 1)) / (count + 1));
      const discussionId = this.pushDiscussion({
        customerId: row.customerId,
        entity: 'alert',
        entityId: id,
        authorId,
        body,
        private: isPrivate,
        createdAt: at,
        updatedAt: at,
      });
      this.activity.push({
        customerId: row.customerId,
        alertId: id,
        actorId: authorId,
        action: 'commented',
        after: { discussion_id: discussionId, private: isPrivate },
        at,
      });
    }
  }

  private makeDetections(id: number, row: AlertRow, created: number): void {
    const { rng } = this;
    const family = SOURCE_FAMILY[row.externalSource ?? ''] ?? 'network';
    const ideas = rng.sample(DETECTIONS[family], rng.weighted(DETECTION_COUNTS));
    const fields = row.fields ?? {};
    for (const [k, idea] of ideas.entries()) {
      const sha256 = rng.hex(64);
      const detail: Record<string, unknown> =
        family === 'endpoint'
          ? {
              host_name: row.hostName,
              process_name: idea.image!.split('\\').pop(),
              process_path: idea.image,
              command_line: idea.command,
              process_id: rng.int(400, 65000),
              parent_process: rng.pick(PARENT_IMAGES),
              user: fields.user ?? null,
              file_sha256: sha256,
              file_md5: rng.hex(32),
              signed: rng.chance(0.3),
            }
          : family === 'identity'
            ? {
                user_principal_name: row.entityId,
                source_ip: `${rng.int(11, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
                country: rng.pick(COUNTRIES),
                application: rng.pick(APPS),
                result: rng.pick(['success', 'failure', 'mfa_denied']),
                correlation_id: rng.uuid(),
              }
            : family === 'email'
              ? {
                  recipient: row.entityId,
                  sender: `no-reply@${rng.pick(['secure-docs', 'billing-portal', 'parcel-track'])}.example`,
                  subject: rng.pick(PHISH_SUBJECTS),
                  attachment_sha256: rng.chance(0.5) ? sha256 : null,
                  message_id: `<${rng.hex(16)}@mail.example>`,
                  verdict: rng.pick(['phish', 'malware', 'spam']),
                }
              : {
                  host_name: row.hostName,
                  source_ip: `10.${rng.int(0, 40)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
                  destination_port: rng.pick([22, 53, 443, 445, 3389]),
                  protocol: rng.pick(['tcp', 'udp']),
                  count: rng.int(3, 500),
                };
      this.detections.push({
        customerId: row.customerId,
        alertId: id,
        name: idea.name,
        source: row.externalSource ?? null,
        severity: k === 0 ? (row.severity ?? null) : rng.pick(['low', 'medium', 'high']),
        technique: idea.technique,
        fields: detail,
        detectedAt: new Date(created - rng.int(0, 30) * MINUTE - k * rng.int(1, 5) * MINUTE),
      });
    }
  }
}
