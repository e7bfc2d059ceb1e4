import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledPeriod } from '../../../src/server/areas/reports/cadence.ts';
import { startDueSchedules } from '../../../src/server/areas/reports/jobs.ts';
import { customers, reportRuns, reportSchedules } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { EVERY_SECTION, reportsApi } from './helpers.ts';

function textOf(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'report-language-'));
  try {
    writeFileSync(join(folder, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(folder, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(backends())("a customer's report language and time zone on %s", (backend) => {
  let t: TestApp;
  let reportId: string;
  const patchAcme = (payload: Record<string, unknown>) =>
    t.as(t.fixtures.analyst, {
      method: 'PATCH',
      url: `/api/management/customers/${t.fixtures.acme.customerId}`,
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    const created = await reportsApi(t).create(t.fixtures.analyst, {
      name: 'Monatsbericht',
      scope: 'customer',
      customer_id: t.fixtures.acme.customerId,
      document: EVERY_SECTION,
    });
    expect(created.statusCode, created.body).toBe(201);
    reportId = created.json().id;
  });
  afterAll(() => t.close());

  it('keeps a language and an IANA time zone per customer, refusing anything else by field', async () => {
    for (const [payload, field] of [
      [{ locale: 'sv-SE' }, 'body.locale'],
      [{ time_zone: 'Europe/Atlantis' }, 'body.time_zone'],
      [{ time_zone: 'CET' }, 'body.time_zone'],
    ] as const) {
      const refused = await patchAcme(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.details[0].field).toBe(field);
    }
    const [unchanged] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.customerId, t.fixtures.acme.customerId));
    expect(unchanged).toMatchObject({ locale: null, timeZone: null });
    const saved = await patchAcme({ locale: 'de-DE', time_zone: ' europe/helsinki ' });
    expect(saved.statusCode, saved.body).toBe(200);
    // The zone is kept by its canonical name.
    expect(saved.json()).toMatchObject({ locale: 'de-DE', time_zone: 'Europe/Helsinki' });
  });

  it("prints a German customer's report in German", async () => {
    const { acmeUser, acme } = t.fixtures;
    const pdf = await reportsApi(t).preview(acmeUser, reportId, acme.customerId, '2026-10');
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain('Kunde: Acme Test');
    expect(text).toContain('Zeitraum: August 2026 – Oktober 2026 (2026-08-01 – 2026-10-31)');
    for (const words of ['Kennzahlen', 'Ausgelöste Alarme', 'Häufigste Alarmtypen', 'Zustand der Agenten'])
      expect(text).toContain(words);
    expect(text).toMatch(/Seite 1 von \d+/);
    // When it was made, on the customer's clock (Helsinki, set above) in German, not in UTC.
    expect(text).toMatch(/Erstellt: \d{1,2}\. \S+ \d{4}, \d\d:\d\d OES?Z · Version 1/);
    for (const english of ['Customer:', 'Key figures', 'Alerts raised', 'Page 1 of'])
      expect(text).not.toContain(english);
    // The figures answer says which language its printed words are in; the console may ask for its own.
    const data = (await reportsApi(t).data(acmeUser, reportId, acme.customerId, '2026-10')).json();
    expect(data.locale).toBe('de-DE');
    const kpis = data.sections.find((s: { section: string | null }) => s.section === 'kpis');
    expect(kpis.printed.title).toBe('Kennzahlen');
    const english = await t.as(acmeUser, {
      url: `/api/ngreports/v0/reports/${reportId}/data?customer_id=${acme.customerId}&target=2026-10&locale=en-GB`,
    });
    expect(
      english.json().sections.find((s: { section: string | null }) => s.section === 'kpis').printed.title,
    ).toBe('Key figures');
  });

  it("runs a monthly schedule due at midnight in the customer's zone for the months that just ended there", async () => {
    const { acmeUser, acme } = t.fixtures;
    const made = await t.as(acmeUser, {
      method: 'POST',
      url: `/api/ngreports/v0/schedule/?customer_id=${acme.customerId}&report_type=${reportId}&frequency=monthly&recipients=ciso@acme.example`,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().time_zone).toBe('Europe/Helsinki');
    // Midnight on 1 November in Helsinki is still 31 October in UTC: the month is over only there.
    const midnight = new Date('2026-10-31T22:00:00Z');
    expect(scheduledPeriod('monthly', 'UTC', midnight)).toMatchObject({
      start: '2026-07-01',
      end: '2026-09-30',
    });
    await t.database.db.update(reportSchedules).set({ nextRunAt: midnight });
    expect(await startDueSchedules(t.database.db, new Date(midnight.getTime() - 1))).toBe(0);
    expect(await startDueSchedules(t.database.db, midnight)).toBe(1);
    const [run] = await t.database.db
      .select()
      .from(reportRuns)
      .where(eq(reportRuns.customerId, acme.customerId));
    expect(run).toMatchObject({ periodStart: '2026-08-01', periodEnd: '2026-10-31', status: 'queued' });
    const [schedule] = await t.database.db.select().from(reportSchedules);
    // Then the schedule's own hour: 06:00 in Helsinki (EET, UTC+2).
    expect(schedule!.nextRunAt.toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('runs at 06:00 on the 1st in a zone where that is still the month before in UTC', async () => {
    const { acme } = t.fixtures;
    expect((await patchAcme({ time_zone: 'Pacific/Auckland' })).statusCode).toBe(200);
    await t.database.db.delete(reportRuns);
    // 06:00 on 1 November in Auckland (NZDT, UTC+13) is 17:00 on 31 October in UTC.
    const due = new Date('2026-10-31T17:00:00Z');
    await t.database.db.update(reportSchedules).set({ nextRunAt: due });
    expect(await startDueSchedules(t.database.db, due)).toBe(1);
    const [run] = await t.database.db
      .select()
      .from(reportRuns)
      .where(eq(reportRuns.customerId, acme.customerId));
    expect(run).toMatchObject({ periodStart: '2026-08-01', periodEnd: '2026-10-31' });
    const [schedule] = await t.database.db.select().from(reportSchedules);
    expect(schedule).toMatchObject({ timeZone: 'Pacific/Auckland' });
    expect(schedule!.nextRunAt.toISOString()).toBe('2026-11-30T17:00:00.000Z');
  });

  it("moves the customer's schedules when its time zone changes, and runs them in UTC without one", async () => {
    expect((await patchAcme({ time_zone: 'America/New_York' })).statusCode).toBe(200);
    const [moved] = await t.database.db.select().from(reportSchedules);
    expect(moved!.timeZone).toBe('America/New_York');
    const next = moved!.nextRunAt;
    // 06:00 on the 1st in New York: 10:00 or 11:00 UTC.
    expect([10, 11]).toContain(next.getUTCHours());
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', day: 'numeric' }).format(next),
    ).toBe('1');
    expect((await patchAcme({ time_zone: '' })).json().time_zone).toBeNull();
    const [utc] = await t.database.db.select().from(reportSchedules);
    expect(utc).toMatchObject({ timeZone: 'UTC' });
    expect(utc!.nextRunAt.getUTCHours()).toBe(6);
    expect(utc!.nextRunAt.getUTCDate()).toBe(1);
  });
});
