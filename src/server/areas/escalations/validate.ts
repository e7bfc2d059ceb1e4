import { DateTime } from 'luxon';
import type { components } from '../../../api/schema.d.ts';
import { isEmail, isPhone } from '../../../common/patterns.ts';
import type {
  ContactMethod,
  EscalationContact,
  EscalationStep,
  Holiday,
  PartialDay,
  TimeSpan,
  WeeklyHours,
} from '../../db/schema/index.ts';
import { ApiError, type FieldIssue } from '../../errors.ts';
import { isTimeZone, minutesOf } from './calendar.ts';

export type PlanInput = components['schemas']['EscalationPlanInput'];

/** A plan as it is stored, checked. */
export interface CheckedPlan {
  name: string;
  customerId: string | null;
  timeZone: string;
  location: string;
  steps: EscalationStep[];
  hours: WeeklyHours;
  holidays: Holiday[];
  partialDays: PartialDay[];
}

/** The spec's wording (section 5), which the console shows beside the field. */
export const MESSAGES = {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid telephone number.',
  method: 'Please select a valid contact method.',
  timeZone: 'Please select a valid time zone.',
  time: 'Please enter a valid time (HH:MM).',
  order: 'The end must be after the start.',
  overlap: 'These hours overlap other hours of the same day.',
  date: 'Please enter a valid date (YYYY-MM-DD).',
  duplicate: 'This date is already listed.',
};

const METHODS: readonly ContactMethod[] = ['email', 'sms', 'voice'];

/** Spaces, dots, dashes and brackets people type in phone numbers are dropped. */
export const normalisedPhone = (phone: string) => phone.replace(/[\s().-]/g, '');

/** Checks every field and answers all issues at once (400), or the plan to store. */
export function checkedPlan(input: PlanInput): CheckedPlan {
  const issues: FieldIssue[] = [];
  const issue = (field: string, reason: string) => issues.push({ field, reason });
  const name = input.name.trim();
  if (!name) issue('name', MESSAGES.required);
  const timeZone = input.time_zone.trim();
  if (!timeZone) issue('time_zone', MESSAGES.required);
  else if (!isTimeZone(timeZone)) issue('time_zone', MESSAGES.timeZone);
  if (input.steps.length === 0) issue('steps', MESSAGES.required);
  const steps = input.steps.map((step, i) => checkedStep(step, `steps[${i}]`, issue));
  const hours: WeeklyHours = {};
  for (const [day, spans] of Object.entries(input.hours ?? {})) {
    hours[day as keyof WeeklyHours] = checkedSpans(spans ?? [], `hours.${day}`, issue);
  }
  const holidays = checkedDates(input.holidays ?? [], 'holidays', issue).map((h) => ({
    date: h.date,
    description: h.description.trim(),
  }));
  const partialDays = checkedDates(input.partial_days ?? [], 'partial_days', issue).map((p, i) => ({
    date: p.date,
    description: p.description.trim(),
    hours: checkedSpans(p.hours, `partial_days[${i}].hours`, issue),
  }));
  if (issues.length > 0) {
    throw new ApiError(400, 'bad_request', issues.map((i) => `${i.field}: ${i.reason}`).join(' '), issues);
  }
  return {
    name,
    customerId: input.customer_id,
    timeZone,
    location: (input.location ?? '').trim(),
    steps,
    hours,
    holidays,
    partialDays,
  };
}

type Issue = (field: string, reason: string) => void;
type StepInput = components['schemas']['EscalationStep'];
type ContactInput = components['schemas']['EscalationContact'];

function checkedStep(step: StepInput, at: string, issue: Issue): EscalationStep {
  const name = step.name.trim();
  if (!name) issue(`${at}.name`, MESSAGES.required);
  if (step.contacts.length === 0) issue(`${at}.contacts`, MESSAGES.required);
  return {
    name,
    wait_minutes: step.wait_minutes,
    when: step.when ?? 'always',
    contacts: step.contacts.map((c, i) => checkedContact(c, `${at}.contacts[${i}]`, issue)),
  };
}

function checkedContact(contact: ContactInput, at: string, issue: Issue): EscalationContact {
  const name = contact.name.trim();
  const email = (contact.email ?? '').trim();
  const phone = normalisedPhone(contact.phone ?? '');
  const method = contact.method as ContactMethod;
  if (!name) issue(`${at}.name`, MESSAGES.required);
  if (!METHODS.includes(method)) issue(`${at}.method`, MESSAGES.method);
  // The preferred method's address is required; any address given must be valid.
  if (email ? !isEmail(email) : method === 'email')
    issue(`${at}.email`, email ? MESSAGES.email : MESSAGES.required);
  if (phone ? !isPhone(phone) : method === 'sms' || method === 'voice')
    issue(`${at}.phone`, phone ? MESSAGES.phone : MESSAGES.required);
  return { name, email, phone, method };
}

function checkedSpans(spans: readonly TimeSpan[], at: string, issue: Issue): TimeSpan[] {
  const seen: { start: number; end: number }[] = [];
  spans.forEach((span, i) => {
    const start = minutesOf(span.start);
    const end = minutesOf(span.end);
    if (start === null || start === 1440) issue(`${at}[${i}].start`, MESSAGES.time);
    if (end === null) issue(`${at}[${i}].end`, MESSAGES.time);
    if (start === null || end === null) return;
    if (end <= start) {
      issue(`${at}[${i}].end`, MESSAGES.order);
      return;
    }
    if (seen.some((s) => start < s.end && s.start < end)) issue(`${at}[${i}]`, MESSAGES.overlap);
    seen.push({ start, end });
  });
  return spans.map((s) => ({ start: s.start, end: s.end }));
}

function checkedDates<T extends { date: string }>(rows: readonly T[], at: string, issue: Issue): T[] {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(row.date) && DateTime.fromISO(row.date).isValid;
    if (!valid) issue(`${at}[${i}].date`, MESSAGES.date);
    else if (seen.has(row.date)) issue(`${at}[${i}].date`, MESSAGES.duplicate);
    seen.add(row.date);
  });
  return [...rows];
}
