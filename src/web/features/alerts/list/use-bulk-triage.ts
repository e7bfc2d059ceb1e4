import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { BulkRequest, BulkResult } from '../../../../../machines/bulk-triage/bulk-triage.context.ts';
import { bulkTriageMachine } from '../../../../../machines/bulk-triage/bulk-triage.machine.ts';
import { useToasts } from '../../../shell/index.ts';
import { bulkUpdateAlerts } from '../api.ts';
import type { AlertChanges, AlertFilter } from '../types.ts';

/** The request body of bulkUpdateAlerts for a bulk-triage request. */
export function bulkBody(request: BulkRequest) {
  const { targets, fields, comment, commentPrivate } = request;
  const common = {
    fields: fields as AlertChanges,
    comment: comment ?? undefined,
    comment_private: comment && commentPrivate ? true : undefined,
  };
  if (targets.mode === 'filter')
    return { ...common, filter: targets.filter as AlertFilter, as_of: targets.asOf ?? undefined };
  const versions = Object.fromEntries(
    targets.ids.map((id) => [String(id), targets.versions[id]!]).filter(([, v]) => v),
  );
  return { ...common, ids: targets.ids, versions };
}

/**
 * The bulk-triage machine with the real update. When it is done, the alerts it could not change
 * stay selected (so the person can look at them) and the list merges the changes. When the
 * request fails as a whole, the danger notification says so (spec 2, section 8).
 */
export function useBulkTriage(onDone: (result: BulkResult) => void) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const { notify } = useToasts();
  const latest = useRef(onDone);
  latest.current = onDone;
  const toast = useRef({ notify, t, tc });
  toast.current = { notify, t, tc };
  const machine = useMemo(
    () =>
      bulkTriageMachine.provide({
        actors: {
          bulkUpdate: fromPromise<BulkResult, BulkRequest>(({ input }) => bulkUpdateAlerts(bulkBody(input))),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  const result = snapshot.matches('Done') ? snapshot.context.result : null;
  useEffect(() => {
    if (result) latest.current(result);
  }, [result]);
  const failed = snapshot.matches('Failed') ? snapshot.context.error : null;
  useEffect(() => {
    if (failed === null) return;
    const { notify, t, tc } = toast.current;
    notify({ severity: 'danger', title: t('errors.update'), message: tc('tryAgainLater') });
  }, [failed]);
  return { snapshot, send };
}

export type BulkTriage = ReturnType<typeof useBulkTriage>;
