import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ackKeyBox, openAckKey, sealPlainAckKeys } from '../../../src/server/areas/escalations/ack-key.ts';
import { parseAck, signAck } from '../../../src/server/areas/escalations/token.ts';
import { alertActivity, auditLog, escalations, mailOutbox } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { escalationsClient, twoStepPlan } from './helpers.ts';

describe.each(backends())('an escalation’s alert and signing key (%s)', (backend) => {
  let t: TestApp;
  const { ok, raiseAlert, runJobs } = escalationsClient(() => t);
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** Escalates a new alert of Acme and tells step 1; the desk's acknowledge link from its mail. */
  async function escalatedAlert() {
    const plan = await ok(t.fixtures.analyst, 'POST', '/plans', twoStepPlan(t.fixtures.acme.customerId));
    const alert = await raiseAlert(t.fixtures.acme.customerId);
    const escalation = await ok(t.fixtures.analyst, 'POST', '/escalations', {
      alert_id: alert.id,
      plan_id: plan.plan_id,
    });
    await runJobs(new Date());
    const mails = await t.database.db.select().from(mailOutbox);
    const mail = mails.find(
      (m) => m.text.includes(`alert ${alert.id} `) || m.subject.includes(`alert ${alert.id} `),
    );
    const link = /(\/api\/escalations\/v1\/acknowledge\?token=\S+)/.exec(mail!.text)![1]!;
    return {
      alert,
      escalation,
      link,
      token: new URL(link, 'http://console.test').searchParams.get('token')!,
    };
  }

  it('makes the alert escalated through the alert path, with its activity and audit', async () => {
    const { alert } = await escalatedAlert();
    const shown = (await t.as(t.fixtures.analyst, { url: `/api/alerts/v1/alerts/${alert.id}` })).json();
    expect(shown.status).toBe('escalated');
    const changes = await t.database.db
      .select()
      .from(alertActivity)
      .where(and(eq(alertActivity.alertId, alert.id), eq(alertActivity.field, 'status')));
    expect(changes.map((c) => [c.action, c.before, c.after, c.actorId])).toEqual([
      ['updated', 'new', 'escalated', t.fixtures.analyst.contactId],
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'alert'),
          eq(auditLog.entityId, String(alert.id)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audits.map((a) => a.after)).toEqual([{ status: 'escalated' }]);
  });

  it('keeps the signing key sealed: the stored value is not the key, and opens only on its own row', async () => {
    const { escalation, token } = await escalatedAlert();
    const [row] = await t.database.db
      .select()
      .from(escalations)
      .where(eq(escalations.id, escalation.escalation_id));
    const claim = parseAck(token)!;
    expect(row!.ackKey.startsWith('v1.')).toBe(true);
    // The link was not signed with what is stored...
    expect(signAck(row!.ackKey, claim)).not.toBe(token);
    // ...but with the key it seals, which another escalation's row does not open.
    const box = await ackKeyBox(t.database.db);
    expect(signAck(openAckKey(box, row!.id, row!.ackKey), claim)).toBe(token);
    expect(() => openAckKey(box, '00000000-0000-4000-8000-000000000000', row!.ackKey)).toThrow();
  });

  it('seals a key stored in the clear before, and its links keep working', async () => {
    const { escalation, link } = await escalatedAlert();
    const box = await ackKeyBox(t.database.db);
    const [row] = await t.database.db
      .select()
      .from(escalations)
      .where(eq(escalations.id, escalation.escalation_id));
    const plain = openAckKey(box, row!.id, row!.ackKey);
    await t.database.db.update(escalations).set({ ackKey: plain }).where(eq(escalations.id, row!.id));
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    expect(await sealPlainAckKeys(t.database.db)).toBe(1);
    const [sealed] = await t.database.db.select().from(escalations).where(eq(escalations.id, row!.id));
    expect(sealed!.ackKey).not.toContain(plain);
    expect(sealed!.ackKey.startsWith('v1.')).toBe(true);
    const opened = await t.app.inject({ url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Acknowledge alert');
    expect(await sealPlainAckKeys(t.database.db)).toBe(0);
  });
});
