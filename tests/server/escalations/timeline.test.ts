import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { escalationsClient, twoStepPlan } from './helpers.ts';

type Segment = {
  from: string;
  to: string;
  local_from: string;
  kind: string;
  description: string;
  steps: { name: string; contacts: { address: string }[] }[];
};

describe.each(backends())('escalation timeline (%s)', (backend) => {
  let t: TestApp;
  const { call, ok } = escalationsClient(() => t);
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  // Helsinki moves its clocks from 03:00 EET (+02:00) to 04:00 EEST (+03:00) on Sunday 29 March 2026.
  const plan = (over: Record<string, unknown> = {}) =>
    twoStepPlan(null, {
      steps: [
        {
          name: 'Day desk',
          wait_minutes: 10,
          when: 'office_hours',
          contacts: [{ name: 'Desk', email: 'desk@acme.test', method: 'email' }],
        },
        {
          name: 'Night duty',
          wait_minutes: 10,
          when: 'out_of_hours',
          contacts: [{ name: 'Olli', phone: '+358 40 123 4567', method: 'sms' }],
        },
        {
          name: 'Manager',
          wait_minutes: 20,
          contacts: [{ name: 'Maija', phone: '+358409876543', method: 'voice' }],
        },
      ],
      holidays: [{ date: '2026-04-03', description: 'Good Friday' }],
      partial_days: [
        { date: '2026-04-02', description: 'Maundy Thursday', hours: [{ start: '09:00', end: '12:00' }] },
      ],
      ...over,
    });

  it('counts office hours in real time across the change to summer time, with holidays and partial days', async () => {
    const { segments } = await ok(t.fixtures.viewer, 'POST', '/timeline', {
      plan: plan(),
      from: '2026-03-27T00:00:00Z',
      days: 7,
    });
    const brief = (segments as Segment[]).map((s) => [s.from, s.to, s.kind, s.description]);
    expect(brief).toEqual([
      ['2026-03-27T00:00:00.000Z', '2026-03-27T07:00:00.000Z', 'out_of_hours', ''],
      ['2026-03-27T07:00:00.000Z', '2026-03-27T15:00:00.000Z', 'office_hours', ''],
      // Friday 17:00 EET to Monday 09:00 EEST: one hour shorter than the wall clock says.
      ['2026-03-27T15:00:00.000Z', '2026-03-30T06:00:00.000Z', 'out_of_hours', ''],
      ['2026-03-30T06:00:00.000Z', '2026-03-30T14:00:00.000Z', 'office_hours', ''],
      ['2026-03-30T14:00:00.000Z', '2026-03-31T06:00:00.000Z', 'out_of_hours', ''],
      ['2026-03-31T06:00:00.000Z', '2026-03-31T14:00:00.000Z', 'office_hours', ''],
      ['2026-03-31T14:00:00.000Z', '2026-04-01T06:00:00.000Z', 'out_of_hours', ''],
      ['2026-04-01T06:00:00.000Z', '2026-04-01T14:00:00.000Z', 'office_hours', ''],
      ['2026-04-01T14:00:00.000Z', '2026-04-02T06:00:00.000Z', 'out_of_hours', ''],
      ['2026-04-02T06:00:00.000Z', '2026-04-02T09:00:00.000Z', 'partial_day', 'Maundy Thursday'],
      ['2026-04-02T09:00:00.000Z', '2026-04-02T21:00:00.000Z', 'out_of_hours', ''],
      // Seven local days from 02:00 EET end at 02:00 EEST: 23:00 UTC.
      ['2026-04-02T21:00:00.000Z', '2026-04-02T23:00:00.000Z', 'holiday', 'Good Friday'],
    ]);
    // Wall-clock times stay the plan's: 09:00 both before and after the change.
    expect((segments as Segment[])[1]!.local_from).toBe('2026-03-27T09:00:00.000+02:00');
    expect((segments as Segment[])[3]!.local_from).toBe('2026-03-30T09:00:00.000+03:00');
    const office = (segments as Segment[])[1]!;
    expect(office.steps.map((s) => s.name)).toEqual(['Day desk', 'Manager']);
    const night = (segments as Segment[])[2]!;
    expect(night.steps.map((s) => s.name)).toEqual(['Night duty', 'Manager']);
    expect(night.steps[0]!.contacts[0]!.address).toBe('+358401234567');
  });

  it('ends the seventh day at the same wall-clock time however long the days were', async () => {
    const { segments } = await ok(t.fixtures.viewer, 'POST', '/timeline', {
      plan: plan({ holidays: [], partial_days: [] }),
      from: '2026-03-28T10:00:00Z',
    });
    expect((segments as Segment[]).at(-1)!.to).toBe('2026-04-04T09:00:00.000Z');
  });

  it('says who is told, and how, at a given time of a saved plan', async () => {
    const saved = await ok(t.fixtures.analyst, 'POST', '/plans', plan());
    const good = await ok(
      t.fixtures.viewer,
      'GET',
      `/plans/${saved.plan_id}/resolve?at=2026-04-03T10:00:00Z`,
    );
    expect(good).toMatchObject({ kind: 'holiday', description: 'Good Friday' });
    expect(good.steps).toEqual([
      {
        index: 1,
        name: 'Night duty',
        wait_minutes: 10,
        contacts: [{ name: 'Olli', method: 'sms', address: '+358401234567' }],
      },
      {
        index: 2,
        name: 'Manager',
        wait_minutes: 20,
        contacts: [{ name: 'Maija', method: 'voice', address: '+358409876543' }],
      },
    ]);
    const monday = await ok(
      t.fixtures.viewer,
      'GET',
      `/plans/${saved.plan_id}/resolve?at=2026-03-30T06:00:00Z`,
    );
    expect(monday.kind).toBe('office_hours');
    expect(monday.steps[0].contacts).toEqual([{ name: 'Desk', method: 'email', address: 'desk@acme.test' }]);
    expect(
      (await call(t.fixtures.viewer, 'GET', `/plans/${saved.plan_id}/resolve?at=yesterday`)).statusCode,
    ).toBe(400);
  });
});
