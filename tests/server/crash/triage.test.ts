import type { ChildProcess } from 'node:child_process';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.ts';
import { alertActivity, alerts, auditLog, detections } from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';
import { startApiServer, stopProcess } from '../../helpers/child-process.ts';
import { crashLoad, until } from '../../helpers/crash-load.ts';
import { type Backend, backends, databaseForProcesses } from '../../helpers/database.ts';
import { type Fixtures, insertFixtures } from '../../helpers/fixtures.ts';

const ALERTS = '/api/alerts/v1/alerts/';

/** Alerts of Acme in `groups` groups of `size`, each group the ids one request acts on. */
async function alertGroups(db: Db, f: Fixtures, groups: number, size: number): Promise<number[][]> {
  const made: number[][] = [];
  for (let g = 0; g < groups; g++) {
    const rows = await db
      .insert(alerts)
      .values(
        Array.from({ length: size }, (_, i) => ({
          customerId: f.acme.customerId,
          title: `Crash group ${g} alert ${i}`,
          type: 'edr',
          priority: 'high',
        })),
      )
      .returning({ id: alerts.id });
    made.push(rows.map((r) => r.id).sort((a, b) => a - b));
  }
  return made;
}

/**
 * Prepares the database with `prepare`, starts the API, sends `send(n)` on two lanes until
 * `before` requests are acknowledged, kills the API with SIGKILL with requests in flight, starts
 * another on the same data and runs `after` against it, then opens the data for the checks.
 */
async function crashUnderLoad<P>(
  backend: Backend,
  label: string,
  steps: {
    prepare(db: Db, f: Fixtures): Promise<P>;
    count: number;
    before: number;
    send(
      api: Awaited<ReturnType<typeof startApiServer>>,
      f: Fixtures,
      p: P,
      n: number,
    ): Promise<number | undefined>;
    after(
      api: Awaited<ReturnType<typeof startApiServer>>,
      f: Fixtures,
      p: P,
      acknowledged: number[],
    ): Promise<void>;
    check(db: Db, p: P, acknowledged: number[]): Promise<void>;
  },
) {
  const place = await databaseForProcesses(backend, label);
  let database: Database | undefined;
  let child: ChildProcess | undefined;
  try {
    database = await place.open();
    const f = await insertFixtures(database.db);
    const prepared = await steps.prepare(database.db, f);
    // PGlite is one process's at a time: let the server have the directory.
    if (backend === 'pglite') await database.close();

    const first = await startApiServer(place.where, [f.analyst.contactId]);
    child = first.child;
    const load = crashLoad(2, steps.count, (n) => steps.send(first, f, prepared, n));
    await until(() => load.acknowledged.length >= steps.before, `${steps.before} requests are acknowledged`);
    await load.stop(() => stopProcess(first.child));
    const acknowledged = [...load.acknowledged];
    expect(acknowledged.length).toBeLessThan(steps.count);

    const second = await startApiServer(place.where, [f.analyst.contactId]);
    child = second.child;
    await steps.after(second, f, prepared, acknowledged);
    await stopProcess(second.child, 'SIGTERM');
    child = undefined;

    if (backend === 'pglite') database = await place.open();
    await steps.check(database!.db, prepared, acknowledged);
  } finally {
    if (child) await stopProcess(child);
    await database?.close().catch(() => undefined);
    await place.drop();
  }
}

describe.each(backends())('triage killed mid-change, on %s', (backend) => {
  it('changes each alert of a bulk update with its audit entry or not at all; an answer means all of them', {
    timeout: 600_000,
  }, async () => {
    const SIZE = 60;
    await crashUnderLoad(backend, 'bulk-crash', {
      prepare: (db, f) => alertGroups(db, f, 16, SIZE),
      count: 16,
      before: 3,
      async send(api, f, groups, n) {
        const answer = await api.call(f.analyst.contactId, 'PUT', ALERTS, {
          ids: groups[n],
          fields: { status: 'acknowledged' },
        });
        if (answer.status !== 200) throw new Error(`bulk update answered ${answer.status}`);
        expect((answer.body as { updated: unknown[] }).updated).toHaveLength(SIZE);
        return n;
      },
      async after(api, f, groups) {
        // The new process serves the same alerts and takes the next change.
        const last = groups.at(-1)!;
        const answer = await api.call(f.analyst.contactId, 'PUT', ALERTS, {
          ids: last,
          fields: { status: 'acknowledged' },
        });
        expect(answer.status).toBe(200);
      },
      async check(db, groups, acknowledged) {
        const status = new Map(
          (await db.select({ id: alerts.id, status: alerts.status }).from(alerts)).map((r) => [
            r.id,
            r.status,
          ]),
        );
        const audited = (
          await db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.action, 'bulk_update'))
        ).flatMap((r) => (r.after as { ids: number[] }).ids);
        const activity = await db
          .select({ alertId: alertActivity.alertId, n: sql<number>`count(*)::int` })
          .from(alertActivity)
          .where(eq(alertActivity.field, 'status'))
          .groupBy(alertActivity.alertId);
        const changes = new Map(activity.map((r) => [r.alertId, r.n]));
        // Each alert in at most one audit entry: no change was applied twice.
        expect(new Set(audited).size).toBe(audited.length);
        const inAudit = new Set(audited);
        for (const [index, group] of groups.entries()) {
          const changed = group.filter((id) => status.get(id) === 'acknowledged');
          // A group is one transaction: all of it or none of it.
          expect([0, group.length], `group ${index}`).toContain(changed.length);
          for (const id of group) {
            const done = status.get(id) === 'acknowledged';
            expect(inAudit.has(id), `alert ${id} audited`).toBe(done);
            expect(changes.get(id) ?? 0, `alert ${id} status changes`).toBe(done ? 1 : 0);
          }
          if (acknowledged.includes(index) || index === groups.length - 1) expect(changed).toEqual(group);
        }
      },
    });
  });

  it('completes an acknowledged merge once: sources closed into the target, their detections moved', {
    timeout: 600_000,
  }, async () => {
    const SOURCES = 12;
    await crashUnderLoad(backend, 'merge-crash', {
      async prepare(db, f) {
        const groups = await alertGroups(db, f, 16, SOURCES + 1);
        await db.insert(detections).values(
          groups.flatMap((group) =>
            group.map((alertId) => ({
              customerId: f.acme.customerId,
              alertId,
              name: `Detection of ${alertId}`,
            })),
          ),
        );
        return groups;
      },
      count: 16,
      before: 3,
      async send(api, f, groups, n) {
        const [target, ...sources] = groups[n]!;
        const answer = await api.call(f.analyst.contactId, 'POST', `${ALERTS}merge`, {
          target_id: target,
          source_ids: sources,
        });
        if (answer.status !== 200) throw new Error(`merge answered ${answer.status}`);
        return n;
      },
      async after(api, f, groups, acknowledged) {
        // An acknowledged merge is done: merging its sources again is refused.
        const [target, ...sources] = groups[acknowledged[0]!]!;
        const again = await api.call(f.analyst.contactId, 'POST', `${ALERTS}merge`, {
          target_id: target,
          source_ids: sources,
        });
        expect(again.status).toBe(409);
        const [lastTarget, ...lastSources] = groups.at(-1)!;
        const last = await api.call(f.analyst.contactId, 'POST', `${ALERTS}merge`, {
          target_id: lastTarget,
          source_ids: lastSources,
        });
        expect(last.status).toBe(200);
      },
      async check(db, groups, acknowledged) {
        const merges = await db
          .select({ entityId: auditLog.entityId })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'merge'), eq(auditLog.entity, 'alert')));
        const mergedTargets = merges.map((m) => Number(m.entityId));
        expect(new Set(mergedTargets).size).toBe(mergedTargets.length);
        for (const [index, [target, ...sources]] of groups.entries()) {
          const rows = await db
            .select({ id: alerts.id, status: alerts.status, mergedInto: alerts.mergedInto })
            .from(alerts)
            .where(inArray(alerts.id, sources));
          const moved = await db
            .select({ alertId: detections.alertId, name: detections.name })
            .from(detections)
            .where(
              inArray(
                detections.name,
                [target!, ...sources].map((id) => `Detection of ${id}`),
              ),
            );
          const marks = await db
            .select({ action: alertActivity.action })
            .from(alertActivity)
            .where(and(eq(alertActivity.alertId, target!), eq(alertActivity.action, 'merged')));
          const done = mergedTargets.includes(target!);
          if (acknowledged.includes(index) || index === groups.length - 1)
            expect(done, `group ${index}`).toBe(true);
          expect(rows, `group ${index}`).toEqual(
            expect.arrayContaining(
              sources.map((id) =>
                done
                  ? { id, status: 'closed', mergedInto: target }
                  : { id, status: expect.not.stringMatching(/^closed$/), mergedInto: null },
              ),
            ),
          );
          // Moved to the target, or each still on its own alert.
          for (const d of moved) expect(d.name).toBe(`Detection of ${done ? d.name.slice(13) : d.alertId}`);
          expect(moved.every((d) => !done || d.alertId === target)).toBe(true);
          expect(moved).toHaveLength(SOURCES + 1);
          expect(marks).toHaveLength(done ? 1 : 0);
        }
      },
    });
  });
});
