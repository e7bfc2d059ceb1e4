import { DateTime, IANAZone } from 'luxon';
import type { EscalationStep, Holiday, PartialDay, TimeSpan, WeeklyHours } from '../../db/schema/index.ts';

/** What a plan's calendar needs: its zone, hours, holidays and partial days. */
export interface PlanCalendar {
  timeZone: string;
  hours: WeeklyHours;
  holidays: readonly Holiday[];
  partialDays: readonly PartialDay[];
}

export type SegmentKind = 'office_hours' | 'out_of_hours' | 'holiday' | 'partial_day';

/** A stretch of time of one kind, as instants (DST counted) and as the plan's wall clock. */
export interface Segment {
  from: DateTime;
  to: DateTime;
  kind: SegmentKind;
  description: string;
}

export const isTimeZone = (zone: string) => zone.length > 0 && IANAZone.isValidZone(zone);

/** Minutes since local midnight of `HH:MM` (00:00 … 24:00); null for anything else. */
export function minutesOf(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** Office kinds are when the plan's office-hours steps apply; the rest is out of hours. */
export const isOffice = (kind: SegmentKind) => kind === 'office_hours' || kind === 'partial_day';

/** The open spans and kinds of one local date: a holiday is closed, a partial day replaces the weekday's hours. */
function dayPlan(
  calendar: PlanCalendar,
  day: DateTime,
): { open: TimeSpan[]; openKind: SegmentKind; closedKind: SegmentKind; description: string } {
  const date = day.toISODate()!;
  const holiday = calendar.holidays.find((h) => h.date === date);
  if (holiday)
    return { open: [], openKind: 'office_hours', closedKind: 'holiday', description: holiday.description };
  const partial = calendar.partialDays.find((p) => p.date === date);
  if (partial)
    return {
      open: partial.hours,
      openKind: 'partial_day',
      closedKind: 'out_of_hours',
      description: partial.description,
    };
  const weekday = String(day.weekday) as keyof WeeklyHours;
  return {
    open: calendar.hours[weekday] ?? [],
    openKind: 'office_hours',
    closedKind: 'out_of_hours',
    description: '',
  };
}

/**
 * A local wall-clock time of a date as an instant. Luxon moves a time that does not exist (the
 * hour skipped when clocks go forward) on by the gap, and takes the earlier of a repeated hour.
 */
function at(day: DateTime, minutes: number): DateTime {
  return day
    .startOf('day')
    .plus({ days: Math.floor(minutes / 1440) })
    .set({ hour: Math.floor((minutes % 1440) / 60), minute: minutes % 60 });
}

/** The segments of one local date, covering it from midnight to the next midnight. */
function daySegments(calendar: PlanCalendar, day: DateTime): Segment[] {
  const plan = dayPlan(calendar, day);
  const spans = plan.open
    .map((s) => ({ start: minutesOf(s.start) ?? 0, end: minutesOf(s.end) ?? 0 }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  let cursor = 0;
  const push = (start: number, end: number, open: boolean) => {
    if (end <= start) return;
    const kind = open ? plan.openKind : plan.closedKind;
    out.push({
      from: at(day, start),
      to: at(day, end),
      kind,
      description: open || kind === 'holiday' ? plan.description : '',
    });
  };
  for (const span of spans) {
    push(cursor, Math.max(cursor, span.start), false);
    push(Math.max(cursor, span.start), span.end, true);
    cursor = Math.max(cursor, span.end);
  }
  push(cursor, 1440, false);
  return out;
}

/**
 * The plan's segments from `from` for `days` local days (a day across a clock change is 23 or 25
 * hours long), neighbours of one kind merged, clipped to the window.
 */
export function timeline(calendar: PlanCalendar, from: Date, days: number): Segment[] {
  const start = DateTime.fromJSDate(from, { zone: calendar.timeZone });
  const end = start.plus({ days });
  const merged: Segment[] = [];
  for (let day = start.startOf('day'); day < end; day = day.plus({ days: 1 })) {
    for (const segment of daySegments(calendar, day)) {
      const from = segment.from < start ? start : segment.from;
      const to = segment.to > end ? end : segment.to;
      if (to <= from) continue;
      const last = merged.at(-1);
      if (
        last &&
        last.kind === segment.kind &&
        last.description === segment.description &&
        +last.to === +from
      )
        last.to = to;
      else merged.push({ ...segment, from, to });
    }
  }
  return merged;
}

/** The segment an instant falls in. */
export function segmentAt(calendar: PlanCalendar, instant: Date): Segment {
  const day = DateTime.fromJSDate(instant, { zone: calendar.timeZone }).startOf('day');
  const found = daySegments(calendar, day).find(
    (s) => s.from.toJSDate() <= instant && instant < s.to.toJSDate(),
  );
  // Only a local midnight that does not exist could leave a gap; the day's first segment holds it.
  return found ?? daySegments(calendar, day)[0]!;
}

/** The steps that apply in a segment, with their place in the plan. */
export function stepsFor(
  steps: readonly EscalationStep[],
  kind: SegmentKind,
): { index: number; step: EscalationStep }[] {
  const office = isOffice(kind);
  return steps
    .map((step, index) => ({ index, step }))
    .filter(({ step }) => step.when === 'always' || (step.when === 'office_hours') === office);
}
