import type { EscalationPlan, PlanInput } from './api.ts';

export type Method = 'email' | 'sms' | 'voice';
export type When = 'always' | 'office_hours' | 'out_of_hours';
export const METHODS: readonly Method[] = ['email', 'sms', 'voice'];
export const WHENS: readonly When[] = ['always', 'office_hours', 'out_of_hours'];
/** ISO days of week, Monday first. */
export const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type Day = (typeof DAYS)[number];

export interface ContactDraft {
  key: number;
  name: string;
  email: string;
  phone: string;
  method: Method;
}
export interface StepDraft {
  key: number;
  name: string;
  wait: string;
  when: When;
  contacts: ContactDraft[];
}
export interface DateDraft {
  key: number;
  date: string;
  description: string;
  /** Partial days only: their hours as text, `09:00-12:00, 13:00-15:00`. */
  hours: string;
}
/** The plan as the editor holds it: text where a person types, parsed when sent. */
export interface PlanDraft {
  name: string;
  customerId: string;
  timeZone: string;
  location: string;
  steps: StepDraft[];
  hours: Record<Day, string>;
  holidays: DateDraft[];
  partialDays: DateDraft[];
}

let nextKey = 1;
/** A key for a new row, so React keeps each row's fields (and focus) as rows move. */
export const newKey = () => nextKey++;

export const newContact = (): ContactDraft => ({
  key: newKey(),
  name: '',
  email: '',
  phone: '',
  method: 'email',
});
export const newStep = (): StepDraft => ({
  key: newKey(),
  name: '',
  wait: '15',
  when: 'always',
  contacts: [newContact()],
});
export const newDate = (): DateDraft => ({ key: newKey(), date: '', description: '', hours: '' });

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function emptyDraft(): PlanDraft {
  return {
    name: '',
    customerId: '',
    timeZone: browserZone(),
    location: '',
    steps: [newStep()],
    hours: {
      '1': '09:00-17:00',
      '2': '09:00-17:00',
      '3': '09:00-17:00',
      '4': '09:00-17:00',
      '5': '09:00-17:00',
      '6': '',
      '7': '',
    },
    holidays: [],
    partialDays: [],
  };
}

const spansText = (spans: readonly { start: string; end: string }[] | undefined) =>
  (spans ?? []).map((s) => `${s.start}-${s.end}`).join(', ');

/** `09:00-12:00, 13:00-15:00` as spans; what does not read as a span is sent as typed, for the server to name. */
export const spansOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [start = '', end = ''] = part.split(/\s*[-–]\s*/);
      return { start: start.trim(), end: end.trim() };
    });

export function draftOf(plan: EscalationPlan): PlanDraft {
  return {
    name: plan.name,
    customerId: plan.customer_id ?? '',
    timeZone: plan.time_zone,
    location: plan.location,
    steps: plan.steps.map((s) => ({
      key: newKey(),
      name: s.name,
      wait: String(s.wait_minutes),
      when: s.when,
      contacts: s.contacts.map((c) => ({ key: newKey(), ...c })),
    })),
    hours: Object.fromEntries(DAYS.map((d) => [d, spansText(plan.hours[d])])) as Record<Day, string>,
    holidays: plan.holidays.map((h) => ({ key: newKey(), ...h, hours: '' })),
    partialDays: plan.partial_days.map((p) => ({
      key: newKey(),
      date: p.date,
      description: p.description,
      hours: spansText(p.hours),
    })),
  };
}

export function inputOf(draft: PlanDraft): PlanInput {
  const wait = (text: string) => {
    const minutes = Number.parseInt(text, 10);
    return Number.isFinite(minutes) ? Math.min(Math.max(minutes, 1), 1440) : 1;
  };
  return {
    name: draft.name,
    customer_id: draft.customerId || null,
    time_zone: draft.timeZone,
    location: draft.location,
    steps: draft.steps.map((s) => ({
      name: s.name,
      wait_minutes: wait(s.wait),
      when: s.when,
      contacts: s.contacts.map((c) => ({ name: c.name, email: c.email, phone: c.phone, method: c.method })),
    })),
    hours: Object.fromEntries(
      DAYS.filter((d) => draft.hours[d].trim()).map((d) => [d, spansOf(draft.hours[d])]),
    ),
    holidays: draft.holidays.map((h) => ({ date: h.date, description: h.description })),
    partial_days: draft.partialDays.map((p) => ({
      date: p.date,
      description: p.description,
      hours: spansOf(p.hours),
    })),
  };
}

/**
 * The editor's field a refusal belongs to: the hours of a day or a partial day are one text
 * field each, so `hours.1[0].end` is `hours.1`.
 */
export function editorFieldOf(field: string): string {
  const name = field.replace(/^body\./, '').replace(/^plan\./, '');
  const hours = /^(hours\.\d|partial_days\[\d+\]\.hours)/.exec(name);
  return hours ? hours[1]! : name;
}

/** Moves one item of a list by `by` places (kept inside it). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.min(Math.max(index + by, 0), list.length - 1);
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(to, 0, item!);
  return copy;
}
