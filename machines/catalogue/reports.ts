import { reportPreviewMachine } from '../report-preview/report-preview.machine.ts';
import type { CatalogueEntry } from './entry.ts';

const request = (customerId: string, groups: string[], version = 3) => ({
  reportId: 'r1',
  version,
  customerId,
  groups,
});

export const reportPreview: CatalogueEntry = {
  name: 'report-preview',
  machine: reportPreviewMachine,
  description:
    "The report builder's PDF preview: a burst of changes is drawn once the person pauses; a newer change stops the drawing on its way.",
  input: { request: request('acme', []) },
  events: [
    { type: 'change', request: request('acme', ['laptops']) },
    { type: 'change', request: request('acme', ['laptops'], 4) },
    { type: 'change', request: request('', []) },
    { type: 'refresh' },
    // The PDF as the screen reads it (a Blob); its bytes do not matter to the flow.
    { type: 'xstate.done.actor.drawPreview', output: { type: 'application/pdf' } },
    { type: 'xstate.error.actor.drawPreview', error: { code: 'internal', message: 'offline' } },
  ],
};
