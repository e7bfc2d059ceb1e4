import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runLogExport } from '../../../src/server/areas/logs/index.ts';
import { mailOutbox, users } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { reachContext, type User } from './helpers.ts';

const SERVER = 'https://console.example';
const EXPORT = { mode: 'csv', size: 20_000, fields: ['host', 'message'] };

describe.each(backends())('exports and totals with the reach of now on %s', (backend) => {
  const c = reachContext(backend);
  const mailOf = async (exportId: string) =>
    (await c.t.database.db.select().from(mailOutbox)).filter((m) => m.text.includes(exportId));
  const queueExport = async (user: User, searchId: string, email: string) => {
    const queued = await c.t.as(user, {
      method: 'POST',
      url: `/api/search/v1/export/${searchId}`,
      payload: { ...EXPORT, emails: [email] },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    return queued.json().id as string;
  };

  it("mails only Acme's events when a key limited to Acme exports its creator's search of every customer", async () => {
    const { analyst, acme } = c.t.fixtures;
    const searchId = await c.searchOf(analyst);
    const { key } = await c.keyOf(analyst, [acme.customerId]);
    const queued = await c.script(key, 'POST', `/api/search/v1/export/${searchId}`, {
      ...EXPORT,
      emails: ['soc@acme.example'],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const exportId = queued.json().id as string;
    expect((await runLogExport(c.t.database.db, exportId, SERVER))?.rows).toBe(2);
    const { row, file } = await c.exportRow(exportId);
    expect(row.status).toBe('ready');
    expect(file).toContain('ACME-DC-01');
    expect(file).toContain('ACME-WS-07');
    expect(file).not.toContain('GLOBEX');
    const [mail] = await mailOf(exportId);
    expect(mail?.recipients).toEqual(['soc@acme.example']);
    expect(mail?.subject).toContain('2 events');
  });

  it("answers an Acme key reading its creator's search of every customer with Acme's events and Acme's total", async () => {
    const { analyst, acme } = c.t.fixtures;
    const searchId = await c.searchOf(analyst);
    await c.runSearches();
    const creator = (await c.t.as(analyst, { url: `/api/search/v1/search/${searchId}` })).json();
    expect(creator).toMatchObject({ status: 'done', total: 3 });
    const { key } = await c.keyOf(analyst, [acme.customerId]);
    const read = await c.script(key, 'GET', `/api/search/v1/search/${searchId}`);
    expect(read.statusCode, read.body).toBe(200);
    const body = read.json();
    expect(body.customer_ids).toEqual([acme.customerId]);
    expect(body.results.map((e: { host: string }) => e.host).sort()).toEqual(['ACME-DC-01', 'ACME-WS-07']);
    expect(body.total).toBe(2);
  });

  it('leaves out a customer the asker lost before the export ran', async () => {
    const { acme, globex } = c.t.fixtures;
    const user = await c.userOf('moved@test.example', [acme.customerId, globex.customerId]);
    const searchId = await c.searchOf(user);
    const exportId = await queueExport(user, searchId, 'moved@acme.example');
    await c.t.database.db
      .update(users)
      .set({ validCustomerIds: [acme.customerId] })
      .where(eq(users.contactId, user.contactId));
    expect((await runLogExport(c.t.database.db, exportId, SERVER))?.rows).toBe(2);
    const { file } = await c.exportRow(exportId);
    expect(file).toContain('ACME-DC-01');
    expect(file).not.toContain('GLOBEX');
  });

  it('fails the export and mails nothing when its asker was deleted before it ran', async () => {
    const { acme } = c.t.fixtures;
    const user = await c.userOf('leaver@test.example', [acme.customerId]);
    const searchId = await c.searchOf(user);
    const exportId = await queueExport(user, searchId, 'leaver@acme.example');
    await c.t.database.db.delete(users).where(eq(users.contactId, user.contactId));
    const failures: string[] = [];
    expect(
      await runLogExport(c.t.database.db, exportId, SERVER, (f, d) => failures.push(`${f}:${d}`)),
    ).toBeNull();
    const { row, file } = await c.exportRow(exportId);
    expect(row.status).toBe('failed');
    expect(file).toBe('');
    expect(failures).toEqual(['no_access:user_gone']);
    expect(await mailOf(exportId)).toEqual([]);
  });

  it('fails the export and mails nothing when the key that asked was revoked before it ran', async () => {
    const { analyst, acme } = c.t.fixtures;
    const searchId = await c.searchOf(analyst);
    const { key, key_id: keyId } = await c.keyOf(analyst, [acme.customerId]);
    const queued = await c.script(key, 'POST', `/api/search/v1/export/${searchId}`, {
      ...EXPORT,
      emails: ['soc@acme.example'],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const exportId = queued.json().id as string;
    const revoked = await c.t.as(analyst, { method: 'DELETE', url: `/api/profile/api-keys/${keyId}` });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    expect(await runLogExport(c.t.database.db, exportId, SERVER)).toBeNull();
    const { row, file } = await c.exportRow(exportId);
    expect(row.status).toBe('failed');
    expect(file).toBe('');
    expect(await mailOf(exportId)).toEqual([]);
  });
});
