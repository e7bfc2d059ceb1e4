import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { PreviewRequest } from '../../../../machines/report-preview/report-preview.context.ts';
import { reportPreviewMachine } from '../../../../machines/report-preview/report-preview.machine.ts';
import { previewReport } from './api.ts';

/** How long the person pauses (ticking groups, saving, choosing a customer) before the PDF is drawn. */
export const PREVIEW_PAUSE_MS = 500;

/**
 * The report-preview machine with the real call: the request is handed to the machine on each
 * change of its parts, the machine draws it once the changes pause and aborts a drawing a newer
 * change overtakes (the actor's signal is the call's).
 */
export function useReportPreview(request: PreviewRequest) {
  const machine = useMemo(
    () =>
      reportPreviewMachine.provide({
        delays: { previewPause: PREVIEW_PAUSE_MS },
        actors: {
          drawPreview: fromPromise<Blob, PreviewRequest>(({ input, signal }) =>
            previewReport(input.reportId, input.customerId, input.groups, signal),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { request } });
  const { reportId, version, customerId, groups } = request;
  const groupsKey = groups.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: groupsKey stands for the groups' content
  useEffect(() => {
    const wanted = snapshot.context.wanted;
    const same =
      wanted.reportId === reportId &&
      wanted.version === version &&
      wanted.customerId === customerId &&
      wanted.groups.join() === groupsKey;
    if (!same) send({ type: 'change', request: { reportId, version, customerId, groups } });
  }, [reportId, version, customerId, groupsKey, send]);
  return { snapshot, refresh: () => send({ type: 'refresh' }) };
}
