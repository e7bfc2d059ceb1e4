import { assign, fromPromise, setup } from 'xstate';
import type { PreviewRequest, ReportPreviewContext, ReportPreviewInput } from './report-preview.context.ts';
import type { ReportPreviewEvent } from './report-preview.events.ts';

const hasCustomer = (request: PreviewRequest) => request.customerId !== '';

/** A change waits for the pause again (reenter restarts the delay); one without a customer shows nothing. */
const change = [
  { guard: 'changeHasCustomer', target: '#reportPreview.Waiting', reenter: true, actions: 'want' },
  { target: '#reportPreview.NoCustomer', actions: ['want', 'forget'] },
] as const;
const refresh = { guard: 'wantsCustomer', target: '#reportPreview.Drawing', reenter: true } as const;

/**
 * The builder's PDF preview (issue 25): a burst of changes (ticking groups one after another, a
 * save, another customer) is drawn once, when the person pauses for `previewPause`; a change while
 * a drawing is on its way stops it (leaving Drawing stops the call's actor, which aborts its
 * request) and waits again. Waiting and Drawing both show that the preview is updating, over the
 * PDF drawn last. `refresh` draws at once. The call is the injected `drawPreview` actor.
 */
export const reportPreviewMachine = setup({
  types: {
    context: {} as ReportPreviewContext,
    events: {} as ReportPreviewEvent,
    input: {} as ReportPreviewInput,
  },
  actors: {
    drawPreview: fromPromise<Blob, PreviewRequest>(async () => {
      throw new Error('drawPreview is provided by the screen');
    }),
  },
  actions: {
    want: assign(({ event }) => (event.type === 'change' ? { wanted: event.request } : {})),
    forget: assign({ drawn: null, pdf: null, shown: null, failure: null }),
  },
  // How long the person pauses before the preview is drawn: provided by the screen.
  delays: { previewPause: 500 },
  guards: {
    changeHasCustomer: ({ event }) => event.type === 'change' && hasCustomer(event.request),
    wantsCustomer: ({ context }) => hasCustomer(context.wanted),
  },
}).createMachine({
  id: 'reportPreview',
  context: ({ input }) => ({ wanted: input.request, drawn: null, pdf: null, shown: null, failure: null }),
  initial: 'Opening',
  states: {
    // The builder opens on a preview at once; only later changes wait for a pause.
    Opening: { always: [{ guard: 'wantsCustomer', target: 'Drawing' }, { target: 'NoCustomer' }] },
    NoCustomer: { on: { change } },
    Waiting: {
      after: { previewPause: 'Drawing' },
      on: { change, refresh },
    },
    Drawing: {
      entry: assign({ drawn: ({ context }) => context.wanted }),
      invoke: {
        id: 'drawPreview',
        src: 'drawPreview',
        input: ({ context }) => context.wanted,
        onDone: {
          target: 'Shown',
          actions: assign({
            pdf: ({ event }) => event.output,
            shown: ({ context }) => context.drawn,
            failure: null,
          }),
        },
        onError: { target: 'Failed', actions: assign({ failure: ({ event }) => event.error }) },
      },
      on: { change, refresh },
    },
    Shown: { on: { change, refresh } },
    Failed: { on: { change, refresh } },
  },
});
