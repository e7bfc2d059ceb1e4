import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { AlertState, SaveInput } from '../../../../../machines/alert-status/alert-status.context.ts';
import { alertStatusMachine } from '../../../../../machines/alert-status/alert-status.machine.ts';
import { useToasts } from '../../../shell/index.ts';
import { getAlert, updateAlert } from '../api.ts';
import type { Alert, AlertChanges } from '../types.ts';

/**
 * The alert-status machine with the real update and read. The page's alert keeps it current; a
 * saved change goes back to the page; a failure (not a conflict, which has its own dialog) also
 * raises 'Unable to update alert {id}'.
 */
export function useAlertStatus(alert: Alert, onSaved: (alert: Alert) => void) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const { notify } = useToasts();
  const machine = useMemo(
    () =>
      alertStatusMachine.provide({
        actors: {
          saveAlert: fromPromise<AlertState, SaveInput>(({ input }) =>
            updateAlert(input.id, {
              version: input.version,
              ...(input.change as AlertChanges),
              comment: input.comment ?? undefined,
            }),
          ),
          loadAlert: fromPromise<AlertState, { id: number }>(({ input }) => getAlert(input.id)),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { alert } });
  useEffect(() => {
    send({ type: 'alert-loaded', alert });
  }, [alert, send]);

  const latest = useRef({ onSaved, notify, t, tc });
  latest.current = { onSaved, notify, t, tc };
  const saved = snapshot.matches('Saved') || snapshot.matches('Choosing') ? snapshot.context.alert : null;
  useEffect(() => {
    // Saved, or read again after a conflict: the page shows the alert as the server has it.
    if (saved && saved !== alert) latest.current.onSaved(saved as Alert);
  }, [saved, alert]);
  const failed = snapshot.matches('Failed') ? snapshot.context.error : null;
  useEffect(() => {
    if (!failed) return;
    const { notify, t, tc } = latest.current;
    notify({
      severity: 'danger',
      title: t('errors.updateOne', { id: alert.id }),
      message: `${tc('tryAgainLater')} ${failed.message}`,
    });
  }, [failed, alert.id]);
  return { snapshot, send };
}

export type AlertStatusApi = ReturnType<typeof useAlertStatus>;
