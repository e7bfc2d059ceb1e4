import { checkedPlan, type PlanInput } from '../areas/escalations/index.ts';
import { escalationPlans } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

const WORKDAYS = ['1', '2', '3', '4', '5'] as const;

/**
 * The provider's escalation plan for every customer: the duty analyst first, then the security
 * lead in office hours or the on-call manager outside them, with Finnish holidays of the year.
 */
export function demoEscalationPlan(year: number): PlanInput {
  const contact = (name: string, email: string, phone: string, method: 'sms' | 'voice') => ({
    name,
    email,
    phone,
    method,
  });
  return {
    name: 'Critical alerts, every customer',
    customer_id: null,
    time_zone: 'Europe/Helsinki',
    location: 'Helsinki',
    steps: [
      {
        name: 'Duty analyst',
        contacts: [contact('Duty analyst', 'duty@watchfloor.example', '+358401234567', 'sms')],
        wait_minutes: 15,
        when: 'always',
      },
      {
        name: 'Security lead',
        contacts: [contact('Security lead', 'lead@watchfloor.example', '+358401234568', 'voice')],
        wait_minutes: 30,
        when: 'office_hours',
      },
      {
        name: 'On-call manager',
        contacts: [contact('On-call manager', 'oncall@watchfloor.example', '+358401234569', 'voice')],
        wait_minutes: 30,
        when: 'out_of_hours',
      },
    ],
    hours: Object.fromEntries(WORKDAYS.map((day) => [day, [{ start: '08:00', end: '17:00' }]])),
    holidays: [
      { date: `${year}-12-06`, description: 'Independence Day' },
      { date: `${year}-12-24`, description: 'Christmas Eve' },
      { date: `${year}-12-25`, description: 'Christmas Day' },
    ],
    partial_days: [
      {
        date: `${year}-12-23`,
        description: 'Day before Christmas Eve',
        hours: [{ start: '08:00', end: '12:00' }],
      },
    ],
  };
}

/** Stores the demo plan, checked by the rules a plan made in the console passes. */
export async function seedEscalationPlan(db: Db, partnerId: string, now: number): Promise<void> {
  const { customerId, ...plan } = checkedPlan(demoEscalationPlan(new Date(now).getUTCFullYear()));
  await db.insert(escalationPlans).values({ partnerId, customerId, ...plan });
}
