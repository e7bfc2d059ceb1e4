import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reportPreview } from '../../machines/catalogue/reports.ts';
import type { PreviewRequest } from '../../machines/report-preview/report-preview.context.ts';
import { reportPreviewMachine } from '../../machines/report-preview/report-preview.machine.ts';
import { selectUpdating } from '../../machines/report-preview/selectors.ts';
import { machineModel } from '../helpers/machine-model.ts';

const PAUSE = 500;
const request = (groups: string[], version = 1, customerId = 'acme'): PreviewRequest => ({
  reportId: 'r1',
  version,
  customerId,
  groups,
});

/** One drawing the machine asked for: what for, whether it was stopped, and how to answer it. */
interface Drawing {
  input: PreviewRequest;
  signal: AbortSignal;
  answer(pdf: Blob): void;
  fail(error: unknown): void;
}

/** The machine with a drawing call that waits until the test answers it; the clock is Vitest's. */
function startPreview(first: PreviewRequest) {
  const drawings: Drawing[] = [];
  const actor = createActor(
    reportPreviewMachine.provide({
      delays: { previewPause: PAUSE },
      actors: {
        drawPreview: fromPromise<Blob, PreviewRequest>(
          ({ input, signal }) =>
            new Promise<Blob>((answer, fail) => {
              drawings.push({ input, signal, answer, fail });
            }),
        ),
      },
    }),
    { input: { request: first } },
  );
  actor.start();
  return { actor, drawings };
}

const pdf = (text: string) => new Blob([text], { type: 'application/pdf' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('report preview: a burst of changes is drawn once, after the pause', () => {
  it('draws the report as it opens, without waiting', () => {
    const { actor, drawings } = startPreview(request([]));
    expect(actor.getSnapshot().value).toBe('Drawing');
    expect(drawings.map((d) => d.input)).toEqual([request([])]);
  });

  it('coalesces ticks made one after another into one drawing of the last choice', async () => {
    const { actor, drawings } = startPreview(request([]));
    drawings[0]!.answer(pdf('first'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('Shown');

    // Three ticks, each 300 ms after the one before: no drawing until the person pauses.
    actor.send({ type: 'change', request: request(['laptops']) });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'change', request: request(['laptops', 'servers']) });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'change', request: request(['servers']) });
    expect(selectUpdating(actor.getSnapshot())).toBe(true);
    // The PDF drawn before stays on screen while the preview updates.
    expect(actor.getSnapshot().context.pdf).not.toBeNull();
    await vi.advanceTimersByTimeAsync(PAUSE - 1);
    expect(drawings).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(drawings.map((d) => d.input.groups)).toEqual([[], ['servers']]);
    expect(actor.getSnapshot().context.drawn).toEqual(request(['servers']));
    // Until it comes, the pane shows the PDF drawn before, and says what it was drawn for.
    expect(actor.getSnapshot().context.shown).toEqual(request([]));

    const next = pdf('servers');
    drawings[1]!.answer(next);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('Shown');
    expect(actor.getSnapshot().context.pdf).toBe(next);
    expect(actor.getSnapshot().context.shown).toEqual(request(['servers']));
    expect(selectUpdating(actor.getSnapshot())).toBe(false);
  });

  it('aborts a drawing on its way when a newer change comes, and draws the newer one after the pause', async () => {
    const { actor, drawings } = startPreview(request([]));
    const opening = drawings[0]!;
    actor.send({ type: 'change', request: request([], 2) });
    expect(opening.signal.aborted).toBe(true);
    // The stopped call's late answer changes nothing.
    opening.answer(pdf('stale'));
    await vi.advanceTimersByTimeAsync(PAUSE);
    expect(drawings.map((d) => d.input.version)).toEqual([1, 2]);
    expect(actor.getSnapshot().context.pdf).toBeNull();
    expect(drawings[1]!.signal.aborted).toBe(false);
  });

  it('draws at once on refresh, and again after a failure', async () => {
    const { actor, drawings } = startPreview(request([]));
    drawings[0]!.fail(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('Failed');
    actor.send({ type: 'refresh' });
    expect(drawings).toHaveLength(2);
    actor.send({ type: 'change', request: request(['laptops']) });
    actor.send({ type: 'refresh' });
    expect(drawings[1]!.signal.aborted).toBe(true);
    expect(drawings.map((d) => d.input.groups)).toEqual([[], [], ['laptops']]);
  });

  it('shows nothing and draws nothing without a customer', async () => {
    const { actor, drawings } = startPreview(request([], 1, ''));
    expect(actor.getSnapshot().value).toBe('NoCustomer');
    actor.send({ type: 'refresh' });
    await vi.advanceTimersByTimeAsync(PAUSE * 2);
    expect(drawings).toHaveLength(0);
    actor.send({ type: 'change', request: request([]) });
    await vi.advanceTimersByTimeAsync(PAUSE);
    expect(drawings).toHaveLength(1);
    actor.send({ type: 'change', request: request([], 1, '') });
    expect(drawings[0]!.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context.drawn).toBeNull();
  });
});

describe('report preview: paths generated from the catalogue model', () => {
  const paths = machineModel(reportPreview.machine, {
    events: reportPreview.events,
    input: reportPreview.input,
  }).getShortestPaths();

  it('reaches every state', () => {
    const reached = [...new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))))];
    for (const state of ['NoCustomer', 'Waiting', 'Drawing', 'Shown', 'Failed'])
      expect(reached).toContain(JSON.stringify(state));
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, drawings } = startPreview((reportPreview.input as { request: PreviewRequest }).request);
      for (const { event, state } of path.steps.slice(1)) {
        if (event.type === 'xstate.done.actor.drawPreview') drawings.at(-1)!.answer(pdf('drawn'));
        else if (event.type === 'xstate.error.actor.drawPreview') drawings.at(-1)!.fail(event.error);
        else if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(PAUSE);
        else actor.send(event as Parameters<typeof actor.send>[0]);
        await vi.advanceTimersByTimeAsync(0);
        const real = actor.getSnapshot();
        expect(real.value).toEqual(state.value);
        expect(real.context.wanted).toEqual(state.context.wanted);
        // One call runs exactly while the machine draws, for what it draws.
        if (real.matches('Drawing')) {
          expect(drawings.at(-1)!.input).toEqual(real.context.wanted);
          expect(drawings.at(-1)!.signal.aborted).toBe(false);
        }
      }
      actor.stop();
    });
  }
});
