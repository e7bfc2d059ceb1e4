import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearches, workflowRuns, workflows } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { reportsApi } from './helpers.ts';

type Section = { section: string | null; data: Record<string, unknown> };
type SavedSearchData = {
  available: boolean;
  name: string | null;
  total: number;
  events: { host: string | null; message: string | null }[];
};
type WorkflowData = {
  runs: number;
  failed: number;
  workflows: { name: string | null; runs: number; succeeded: number; failed: number }[];
};

const DOCUMENT = {
  components: [
    { type: 'section', section: 'saved_search', limit: 2 },
    { type: 'section', section: 'workflows' },
  ],
};
/** A fixed period: October 2026. */
const PERIOD = { start_date: '2026-10-01', end_date: '2026-10-31' };

describe.each(backends())('the saved-search and workflows sections on %s', (backend) => {
  let t: TestApp;
  const searchIds: Record<string, string> = {};

  const event = (customerId: string, time: string, source: string, host: string, message: string) =>
    t.database.db.execute(sql`insert into log_events (customer_id, time, source, host, message, raw, raw_bytes)
      values (${customerId}, ${time}::timestamptz, ${source}, ${host}, ${message}, '{}'::jsonb, 10)`);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex, analyst, partner } = t.fixtures;
    for (const day of ['2026-10-05', '2026-10-06', '2026-11-02'])
      await t.database.db.execute(sql`select ensure_log_partition(${day}::date)`);
    await event(acme.customerId, '2026-10-05T10:00:00Z', 'windows', 'acme-dc1', 'logon failed');
    await event(acme.customerId, '2026-10-05T11:00:00Z', 'windows', 'acme-dc2', 'logon failed');
    await event(acme.customerId, '2026-10-06T09:00:00Z', 'windows', 'acme-ws7', 'logon failed');
    await event(acme.customerId, '2026-10-06T09:30:00Z', 'linux', 'acme-web', 'sshd started');
    // Outside the period: not counted.
    await event(acme.customerId, '2026-11-02T09:00:00Z', 'windows', 'acme-dc1', 'logon failed');
    await event(globex.customerId, '2026-10-05T10:00:00Z', 'windows', 'globex-dc1', 'logon failed');
    await event(globex.customerId, '2026-10-06T10:00:00Z', 'windows', 'globex-dc2', 'logon failed');
    const saved = (name: string, scope: string, extra: Partial<typeof savedSearches.$inferInsert> = {}) =>
      t.database.db
        .insert(savedSearches)
        .values({
          partnerId: partner.partnerId,
          ownerId: analyst.contactId,
          name,
          scope,
          search: { search_term: '', source: 'windows' },
          ...extra,
        })
        .returning()
        .then(([row]) => {
          searchIds[name] = row!.id;
        });
    await saved('Windows events', 'global');
    await saved('Globex only', 'global', { customerIds: [globex.customerId] });
    await saved('Globex shared', 'customer', { customerId: globex.customerId });

    const workflow = (name: string, customerIds: string[]) =>
      t.database.db
        .insert(workflows)
        .values({
          partnerId: partner.partnerId,
          customerIds,
          name,
          definition: {
            trigger_id: 'manual',
            trigger_filter: {},
            task_list: [],
            order_list: [],
            scheduled: false,
            scheduled_time: '',
            scheduled_days: [],
          },
          state: 'published',
          ownerId: analyst.contactId,
        })
        .returning()
        .then(([row]) => row!.id);
    const isolate = await workflow('Isolate host', [acme.customerId]);
    const everyone = await workflow('Provider triage', []);
    const globexOnly = await workflow('Globex notify', [globex.customerId]);
    const run = (workflowId: string, customerId: string, status: string, createdAt: string) => ({
      partnerId: partner.partnerId,
      workflowId,
      version: 1,
      customerId,
      triggerId: 'manual',
      status,
      createdAt: new Date(createdAt),
    });
    await t.database.db
      .insert(workflowRuns)
      .values([
        run(isolate, acme.customerId, 'succeeded', '2026-10-02T08:00:00Z'),
        run(isolate, acme.customerId, 'succeeded', '2026-10-12T08:00:00Z'),
        run(isolate, acme.customerId, 'failed', '2026-10-20T08:00:00Z'),
        run(isolate, acme.customerId, 'succeeded', '2026-09-30T08:00:00Z'),
        run(everyone, acme.customerId, 'succeeded', '2026-10-15T08:00:00Z'),
        run(globexOnly, globex.customerId, 'failed', '2026-10-15T08:00:00Z'),
        run(everyone, globex.customerId, 'failed', '2026-10-16T08:00:00Z'),
      ]);
  });
  afterAll(() => t.close());

  const create = async (savedSearch: string) => {
    const created = await reportsApi(t).create(t.fixtures.analyst, {
      name: `Monthly with ${savedSearch}`,
      scope: 'global',
      saved_search_id: searchIds[savedSearch],
      ...PERIOD,
      document: DOCUMENT,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const sections = async (user: { contactId: string }, id: string, customerId: string) => {
    const response = await reportsApi(t).data(user, id, customerId);
    expect(response.statusCode, response.body).toBe(200);
    const all = response.json().sections as Section[];
    return {
      search: all.find((s) => s.section === 'saved_search')!.data as unknown as SavedSearchData,
      workflows: all.find((s) => s.section === 'workflows')!.data as unknown as WorkflowData,
      printed: response.json().sections.map((s: { printed: unknown }) => s.printed),
    };
  };

  it("lists a saved search's events of the period for the one customer asked, newest first", async () => {
    const { analyst, acmeUser, globexUser, acme, globex } = t.fixtures;
    const id = await create('Windows events');
    const forAcme = await sections(analyst, id, acme.customerId);
    expect(forAcme.search).toMatchObject({ available: true, name: 'Windows events', total: 3 });
    expect(forAcme.search.events.map((e) => e.host)).toEqual(['acme-ws7', 'acme-dc2']);
    // The customer's own user gets the same figures and never another customer's rows.
    const asAcme = await sections(acmeUser, id, acme.customerId);
    expect(asAcme.search).toEqual(forAcme.search);
    expect((await sections(globexUser, id, globex.customerId)).search).toMatchObject({ total: 2 });
    expect((await reportsApi(t).data(acmeUser, id, globex.customerId)).statusCode).toBe(404);
    // The printed table is what the PDF shows: its note and the newest rows.
    expect(forAcme.printed[0]).toMatchObject({
      title: 'Saved search',
      blocks: [
        { kind: 'note', text: 'Windows events: 3 events in the period' },
        { kind: 'table', rows: [expect.arrayContaining(['acme-ws7']), expect.arrayContaining(['acme-dc2'])] },
      ],
    });
  });

  it('finds nothing for a customer the saved search was not saved for, and says so when the reader cannot see it', async () => {
    const { analyst, acmeUser, acme, globex } = t.fixtures;
    const narrowed = await create('Globex only');
    expect((await sections(analyst, narrowed, acme.customerId)).search).toMatchObject({
      total: 0,
      events: [],
    });
    expect((await sections(analyst, narrowed, globex.customerId)).search).toMatchObject({ total: 2 });
    const theirs = await create('Globex shared');
    const seen = await sections(acmeUser, theirs, acme.customerId);
    expect(seen.search).toEqual({ available: false, name: null, total: 0, events: [] });
    expect(seen.printed[0].blocks).toEqual([
      { kind: 'note', text: 'The saved search of this report is not available.' },
    ]);
  });

  it('refuses a saved-search section in a report without a saved search, and keeps nothing', async () => {
    const before = (await reportsApi(t).list(t.fixtures.analyst)).length;
    const refused = await reportsApi(t).create(t.fixtures.analyst, {
      name: 'No search',
      scope: 'private',
      document: DOCUMENT,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toContainEqual({
      field: 'document.components[0].section',
      reason: 'a saved search section needs the report’s saved_search_id',
    });
    expect((await reportsApi(t).list(t.fixtures.analyst)).length).toBe(before);
  });

  it("counts the workflows run in the period for the customer, by workflow, without another customer's", async () => {
    const { analyst, acmeUser, acme } = t.fixtures;
    const id = await create('Windows events');
    const forAcme = await sections(analyst, id, acme.customerId);
    expect(forAcme.workflows).toEqual({
      runs: 4,
      failed: 1,
      workflows: [
        { workflow_id: expect.any(String), name: 'Isolate host', runs: 3, succeeded: 2, failed: 1 },
        { workflow_id: expect.any(String), name: 'Provider triage', runs: 1, succeeded: 1, failed: 0 },
      ],
    });
    // A customer's user counts the same runs; the provider-wide workflow is counted without its name.
    const asAcme = await sections(acmeUser, id, acme.customerId);
    expect(asAcme.workflows).toMatchObject({ runs: 4, failed: 1 });
    expect(asAcme.workflows.workflows.map((w) => w.name)).toEqual(['Isolate host', null]);
    expect(asAcme.printed[1].blocks[1].rows).toEqual([
      ['Isolate host', '3', '2', '1'],
      ['A workflow of the provider', '1', '1', '0'],
    ]);
  });

  it("prints the saved search's event times on the customer's clock and in its language, as the PDF", async () => {
    const { analyst, acme } = t.fixtures;
    const patched = await t.as(analyst, {
      method: 'PATCH',
      url: `/api/management/customers/${acme.customerId}`,
      payload: { locale: 'de-DE', time_zone: 'Europe/Helsinki' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const id = await create('Windows events');
    // 09:00 and 11:00 UTC in October are 12:00 and 14:00 in Helsinki (summer time).
    const times = (await sections(analyst, id, acme.customerId)).printed[0].blocks[1].rows.map(
      (row: string[]) => row[0],
    );
    expect(times).toEqual(['06.10.2026, 12:00:00 OESZ', '05.10.2026, 14:00:00 OESZ']);
    const preview = await reportsApi(t).preview(analyst, id, acme.customerId);
    expect(preview.statusCode).toBe(200);
    const folder = mkdtempSync(join(tmpdir(), 'report-times-'));
    try {
      writeFileSync(join(folder, 'r.pdf'), preview.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(folder, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('06.10.2026, 12:00:00');
      expect(text).not.toContain('2026-10-06 09:00:00');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
