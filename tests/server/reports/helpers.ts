import type { TestApp } from '../../helpers/app.ts';

type User = { contactId: string };

/** A report document with one section of each kind, as the builder makes them. */
export const EVERY_SECTION = {
  components: [
    { type: 'header', text: 'Monthly security report' },
    { type: 'body', text: 'This report covers **alerts**, agents and more.\n\n- Alerts\n- Agents' },
    { type: 'rule' },
    { type: 'section', section: 'kpis' },
    { type: 'section', section: 'alerts_over_time' },
    { type: 'section', section: 'top_alert_types', limit: 5 },
    { type: 'page_break' },
    { type: 'section', section: 'agent_health' },
    { type: 'section', section: 'vulnerabilities' },
    { type: 'section', section: 'log_volume' },
    { type: 'section', section: 'lookalike_domains' },
    { type: 'section', section: 'breach_lookups' },
  ],
};

export const reportsApi = (t: TestApp) => ({
  create: (user: User, payload: Record<string, unknown>) =>
    t.as(user, { method: 'POST', url: '/api/ngreports/v0/reports/', payload }),
  list: async (user: User) =>
    (await t.as(user, { method: 'GET', url: '/api/ngreports/v0/reports/' })).json().reports as {
      id: string;
      name: string;
    }[],
  data: (user: User, id: string, customerId: string, target?: string) =>
    t.as(user, {
      method: 'GET',
      url: `/api/ngreports/v0/reports/${id}/data?customer_id=${customerId}${target ? `&target=${target}` : ''}`,
    }),
  preview: (user: User, id: string, customerId: string, target?: string) =>
    t.as(user, {
      method: 'GET',
      url: `/api/ngreports/v0/reports/${id}/preview?customer_id=${customerId}${target ? `&target=${target}` : ''}`,
    }),
});
