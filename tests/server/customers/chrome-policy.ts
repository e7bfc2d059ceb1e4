import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { BASE, type CustomersContext } from './helpers.ts';

const POLICY = {
  enabled: true,
  risky_domain_mode: 'block',
  password_reuse_warning: true,
  allowed_domains: ['Intranet.Acme.test', 'acme.test', 'acme.test', 'bücher.example'],
  blocked_domains: ['evil.example'],
  report_blocked_visits: true,
};

/** getCustomerChromePolicy, updateCustomerChromePolicy, getCustomerChromeManagedPolicy. */
export function chromePolicySuite(ctx: CustomersContext) {
  const url = () => `${BASE}/${ctx.t.fixtures.acme.customerId}/chrome-policy`;

  describe('Chrome extension policy', () => {
    it('answers the defaults until saved, then the saved policy to staff and the customer, audited', async () => {
      const { analyst, acmeUser } = ctx.t.fixtures;
      const first = await ctx.call(acmeUser, 'GET', url());
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        enabled: false,
        risky_domain_mode: 'warn',
        password_reuse_warning: true,
        allowed_domains: [],
        blocked_domains: [],
        report_blocked_visits: false,
      });
      const saved = await ctx.call(analyst, 'PUT', url(), POLICY);
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        ...POLICY,
        allowed_domains: ['acme.test', 'intranet.acme.test', 'xn--bcher-kva.example'],
      };
      expect(saved.json()).toEqual(expected);
      expect((await ctx.call(acmeUser, 'GET', url())).json()).toEqual(expected);
      const [row] = await ctx.t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'chrome_policy'), eq(auditLog.entityId, ctx.t.fixtures.acme.customerId)),
        );
      expect(row).toMatchObject({ action: 'update', customerId: ctx.t.fixtures.acme.customerId });
      expect(row!.before).toMatchObject({ enabled: false, risky_domain_mode: 'warn' });
      expect(row!.after).toEqual(expected);
    });

    it('downloads the managed policy with the server, the customer and the settings', async () => {
      const response = await ctx.call(ctx.t.fixtures.acmeUser, 'GET', `${url()}/managed`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain('attachment');
      const managed = response.json();
      expect(managed.CustomerId).toEqual({ Value: ctx.t.fixtures.acme.customerId });
      expect(managed.ServerUrl.Value).toMatch(/^https?:\/\//);
      expect(managed.ConnectUrl.Value).toBe(`${managed.ServerUrl.Value}/connectors/chrome`);
      expect(managed.RiskyDomainMode).toEqual({ Value: 'block' });
      expect(managed.BlockedDomains).toEqual({ Value: ['evil.example'] });
    });

    it('validates every field, naming it, and changes nothing', async () => {
      const { analyst } = ctx.t.fixtures;
      const before = (await ctx.call(analyst, 'GET', url())).json();
      ctx.expectBadField(
        await ctx.call(analyst, 'PUT', url(), { ...POLICY, allowed_domains: ['acme.test', 'not a domain'] }),
        'body.allowed_domains[1]',
        'Please provide a valid domain name.',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'PUT', url(), { ...POLICY, blocked_domains: ['localhost'] }),
        'body.blocked_domains[0]',
        'Please provide a valid domain name.',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'PUT', url(), { ...POLICY, blocked_domains: ['acme.test'] }),
        'body.blocked_domains[0]',
        'A domain cannot be both allowed and blocked.',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'PUT', url(), { ...POLICY, risky_domain_mode: 'panic' }),
        'body.risky_domain_mode',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'PUT', url(), {
          ...POLICY,
          allowed_domains: Array.from({ length: 501 }, (_, i) => `d${i}.example`),
        }),
        'body.allowed_domains',
      );
      const { enabled: _enabled, ...withoutEnabled } = POLICY;
      expect((await ctx.call(analyst, 'PUT', url(), withoutEnabled)).statusCode).toBe(400);
      expect((await ctx.call(analyst, 'GET', url())).json()).toEqual(before);
    });

    it("keeps each customer's policy to its reach and writes only for staff who manage customers", async () => {
      const { acmeUser, globexUser, viewer, globex } = ctx.t.fixtures;
      const refused = await ctx.call(globexUser, 'GET', url());
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(
        `A customer with the ID ${ctx.t.fixtures.acme.customerId} was not found.`,
      );
      expect((await ctx.call(globexUser, 'GET', `${url()}/managed`)).statusCode).toBe(404);
      // Writing is for staff who manage customers: refused before the customer is looked at.
      expect((await ctx.call(globexUser, 'PUT', url(), POLICY)).statusCode).toBe(403);
      expect((await ctx.call(acmeUser, 'PUT', url(), POLICY)).statusCode).toBe(403);
      expect((await ctx.call(viewer, 'PUT', url(), POLICY)).statusCode).toBe(403);
      expect((await ctx.call(null, 'GET', url())).statusCode).toBe(401);
      // Another customer's policy is its own.
      const other = await ctx.call(globexUser, 'GET', `${BASE}/${globex.customerId}/chrome-policy`);
      expect(other.json()).toMatchObject({ enabled: false, blocked_domains: [] });
    });
  });
}
