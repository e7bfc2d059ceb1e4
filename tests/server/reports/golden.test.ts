import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES, STATUSES } from '../../../src/common/statuses.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { customers, users } from '../../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../../src/server/seed/generate.ts';
import { freshDatabase } from '../../helpers/database.ts';
import { EVERY_SECTION } from './helpers.ts';

/** The seed's clock: its alerts fall in the months before June 2025. */
const NOW = new Date('2025-06-01T12:00:00Z');
const count = (n: number) => new Intl.NumberFormat('en-GB').format(n);
/** Where a person finds the pages as pictures after a run (test-results/ is not committed). */
const PAGES_DIR = join(process.cwd(), 'test-results', 'reports-golden');

/**
 * A seeded customer's monthly report, rendered to PDF as it is mailed, read back as text
 * (pdftotext) and held against the figures the API answers for the same period.
 */
describe('the monthly report of a seeded customer', () => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let acmeId: string;
  let text: string;
  let data: { period: { start: string; end: string }; sections: { section: string | null; data: unknown }[] };
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    await seedDemoData(database.db, {
      customers: 6,
      alerts: 600,
      agents: 20,
      seed: 11,
      password: 'golden-pass-phrase',
      now: NOW,
    });
    app = await buildApp(
      loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' }),
      database,
      { logger: false },
    );
    await app.ready();
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@watchfloor.example'));
    const [acme] = await database.db.select().from(customers).where(eq(customers.name, 'Acme Corp'));
    acmeId = acme!.customerId;
    token = (await app.sessionTokens.issue(admin!.contactId)).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/ngreports/v0/reports/',
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'x' },
      cookies: { 'XSRF-TOKEN': 'x' },
      payload: {
        name: 'Monthly security report',
        scope: 'customer',
        customer_id: acmeId,
        document: EVERY_SECTION,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    data = (await get(`/api/ngreports/v0/reports/${id}/data?customer_id=${acmeId}&target=2025-05`)).json();
    const pdf = await get(`/api/ngreports/v0/reports/${id}/preview?customer_id=${acmeId}&target=2025-05`);
    expect(pdf.statusCode).toBe(200);
    const folder = mkdtempSync(join(tmpdir(), 'report-golden-'));
    writeFileSync(join(folder, 'report.pdf'), pdf.rawPayload);
    text = execFileSync('pdftotext', ['-layout', join(folder, 'report.pdf'), '-'], { encoding: 'utf8' });
    rmSync(PAGES_DIR, { recursive: true, force: true });
    mkdirSync(PAGES_DIR, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', join(folder, 'report.pdf'), join(PAGES_DIR, 'page')]);
    writeFileSync(join(PAGES_DIR, 'report.pdf'), pdf.rawPayload);
    rmSync(folder, { recursive: true, force: true });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const section = <T>(kind: string) => data.sections.find((s) => s.section === kind)!.data as T;
  /** A line of the extracted text that has the label and then the value, however the columns were spaced. */
  const line = (label: string, value: string) =>
    expect(text).toMatch(
      new RegExp(
        `${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`,
        'm',
      ),
    );

  it('covers the target month and the two before, for the customer, on pages that say so', () => {
    expect(data.period).toMatchObject({ start: '2025-03-01', end: '2025-05-31' });
    expect(text).toContain('Monthly security report');
    expect(text).toContain('Customer: Acme Corp');
    expect(text).toContain('Period: March 2025 – May 2025 (2025-03-01 – 2025-05-31)');
    const pages = text.split('\f').filter((page) => page.trim());
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(readdirSync(PAGES_DIR).filter((f) => f.endsWith('.png'))).toHaveLength(pages.length);
  });

  it('prints the alert figures the alerts API counts for the same period', async () => {
    const kpis = section<{
      alerts: number;
      by_priority: Record<string, number>;
      cases_opened: number;
      cases_closed: number;
    }>('kpis');
    expect(kpis.alerts).toBeGreaterThan(0);
    const statuses = STATUSES.map((s) => `statuses=${s.key}`).join('&');
    const window = `from=${data.period.start}T00:00:00Z&to=2025-06-01T00:00:00Z`;
    for (const priority of PRIORITIES) {
      const listed = (
        await get(
          `/api/alerts/v1/alerts/?customer_ids=${acmeId}&priorities=${priority}&${statuses}&${window}&batch_size=1`,
        )
      ).json();
      expect([priority, listed.total]).toEqual([priority, kpis.by_priority[priority]]);
      line(`  ${priority[0]!.toUpperCase()}${priority.slice(1)}`, count(kpis.by_priority[priority]!));
    }
    line('Alerts raised', count(kpis.alerts));
    line('Cases opened', count(kpis.cases_opened));
    line('Cases closed', count(kpis.cases_closed));
  });

  it('prints the top alert types, agent health and the other sections as the API gives them', () => {
    for (const type of section<{ types: { type: string; total: number; open: number }[] }>('top_alert_types')
      .types)
      expect(text).toMatch(new RegExp(`${type.type}\\s+${count(type.total)}\\s+${count(type.open)}`));
    const health = section<{ total: number; statuses: Record<string, number> }>('agent_health');
    expect(health.total).toBeGreaterThan(0);
    expect(text).toContain(`${count(health.total)} agents`);
    const vulnerabilities = section<{ findings: number; vulnerable_agents: number }>('vulnerabilities');
    expect(text).toContain(
      `${count(vulnerabilities.findings)} findings on ${count(vulnerabilities.vulnerable_agents)} agents`,
    );
    const lookalikes = section<{ found: number }>('lookalike_domains');
    expect(text).toContain(`${count(lookalikes.found)} lookalikes registered in the period`);
    const breaches = section<{ looked_up: number; breached: number }>('breach_lookups');
    expect(text).toContain(
      `${count(breaches.looked_up)} accounts looked up, ${count(breaches.breached)} found in breaches`,
    );
  });
});
