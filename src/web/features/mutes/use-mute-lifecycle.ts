import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { SaveMuteInput } from '../../../../machines/mute-lifecycle/actors.ts';
import { muteBody } from '../../../../machines/mute-lifecycle/draft.ts';
import type { Mute, MuteOpening } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import {
  type MuteOperation,
  muteLifecycleMachine,
} from '../../../../machines/mute-lifecycle/mute-lifecycle.machine.ts';
import { navigateAnyway } from '../../components/unsaved/use-leave-guard.ts';
import { useToasts } from '../../shell/index.ts';
import { createMute, getMute, unmuteMute, updateMute } from './api.ts';

export interface MuteLifecycleHooks {
  /** A mute was created, changed or unmuted. */
  onChanged(mute: Mute, operation: MuteOperation): void;
  /** The new mute's form was closed unsaved. */
  onClosed(): void;
  /** The panel is to show this instead (asked for, and confirmed if the form had unsaved changes). */
  onOpen(opening: MuteOpening): void;
}

/** The mute lifecycle machine with the real calls, toasts and navigation provided. */
export function useMuteLifecycle(mute: Mute | null, customerId: string, hooks: MuteLifecycleHooks) {
  const { t } = useTranslation('mutes');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const latest = useRef({ t, common, notify, hooks, navigate });
  latest.current = { t, common, notify, hooks, navigate };

  const [machine] = useState(() =>
    muteLifecycleMachine.provide({
      actors: {
        // The machine saves a new mute by creating it, a known one by changing its version.
        saveMute: fromPromise<Mute, SaveMuteInput>(({ input: { id, version, draft } }) =>
          id === null || version === null
            ? createMute({ customer_id: draft.customerId, ...muteBody(draft) })
            : updateMute(id, version, draft),
        ),
        unmuteMute: fromPromise<Mute, { id: string; version: number }>(({ input }) =>
          unmuteMute(input.id, input.version),
        ),
        loadMute: fromPromise<Mute, { id: string }>(({ input }) => getMute(input.id)),
      },
      actions: {
        reportChanged: (_, { mute: changed, operation }) => {
          const { t: tr, notify: n, hooks: h } = latest.current;
          const title =
            operation === 'create'
              ? tr('toast.created')
              : operation === 'unmute'
                ? tr('toast.unmuted')
                : tr('toast.updated');
          n({ severity: 'success', title, message: '' });
          h.onChanged(changed, operation);
        },
        reportFailure: (_, { operation, message, status }) => {
          const { t: tr, common: c, notify: n } = latest.current;
          const titles: Record<MuteOperation, string> = {
            create: tr('errors.create'),
            update: tr('errors.update'),
            unmute: tr('errors.unmute'),
            load: tr('errors.loadMute'),
          };
          // A refused value is the user's to fix, so the server's reason is shown instead.
          n({
            severity: 'danger',
            title: titles[operation],
            message: status === 400 ? message : c('tryAgainLater'),
          });
        },
        reportClosed: () => latest.current.hooks.onClosed(),
        openInstead: (_, opening) => latest.current.hooks.onOpen(opening),
        // The user already answered the leave question: the guard lets this navigation through.
        navigate: (_, target) => {
          if (target) navigateAnyway(latest.current.navigate, target.to, target.replace);
        },
      },
    }),
  );
  return useActorRef(machine, { input: { mute, customerId } });
}
