import { useSelector } from '@xstate/react';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mute, MuteOpening } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import {
  selectConfirmingLeave,
  selectDirty,
  selectDraft,
  selectMute,
  selectPanelState,
} from '../../../../machines/mute-lifecycle/selectors.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useNow, useTickerEvent } from '../../shell/index.ts';
import { MuteDetails } from './MuteDetails.tsx';
import { MuteForm } from './MuteForm.tsx';
import { UnmuteDialog } from './UnmuteDialog.tsx';
import { type MuteLifecycleHooks, useMuteLifecycle } from './use-mute-lifecycle.ts';

/** Where the page sends a request for another mute or a new one while a panel is open. */
/**
 * The page's requests to the open panel, filled while it is mounted: open another mute (or a new
 * one), and close (Esc from the list); `close` answers whether the panel took it.
 */
export type PanelRequests = RefObject<{ open(opening: MuteOpening): void; close(): boolean } | null>;

export interface MutePanelProps extends MuteLifecycleHooks {
  /** Id for the panel's heading (the page labels the panel with it). */
  titleId: string;
  /** The mute to show; null to write a new one. */
  mute: Mute | null;
  /** For a new mute: the customer chosen at first. */
  customerId: string;
  customerName(id: string): string;
  /** The user may edit and unmute (`can('updateMute')`, session/use-can.ts). */
  canChange: boolean;
  /** Filled while the panel is mounted: the page's requests go to its machine, which may ask first. */
  panelRequests: PanelRequests;
}

/**
 * The details panel of one mute, or the form of a new one, driven by the mute lifecycle machine
 * (machines/mute-lifecycle): active, inactive, expired, editing, saving, unmuting. Closing the
 * form, leaving the page or opening another mute (or a new one) with unsaved changes asks first,
 * and the machine holds that question.
 */
export function MutePanel(props: MutePanelProps) {
  const { titleId, mute, customerId, customerName, canChange, onChanged, onClosed, onOpen } = props;
  const { panelRequests } = props;
  const { t } = useTranslation('mutes');
  const actor = useMuteLifecycle(mute, customerId, { onChanged, onClosed, onOpen });
  const state = useSelector(actor, selectPanelState);
  const current = useSelector(actor, selectMute);
  const draft = useSelector(actor, selectDraft);
  const dirty = useSelector(actor, selectDirty);
  const confirmingLeave = useSelector(actor, selectConfirmingLeave);
  const now = useNow(false);

  // A fresher copy from the lists (reloaded every minute) replaces the one shown.
  useEffect(() => {
    if (mute) actor.send({ type: 'refreshed', mute });
  }, [actor, mute]);
  // Another row, a new mute or Esc from the list replaces or closes this panel only through the
  // machine: over unsaved changes it asks. A form is closed as its Cancel does; details close at once.
  useEffect(() => {
    const requests = {
      open: (opening: MuteOpening) => actor.send({ type: 'open-requested', opening }),
      close: () => {
        const panelState = selectPanelState(actor.getSnapshot());
        if (panelState === 'editing') actor.send({ type: 'cancel' });
        return panelState === 'editing' || panelState === 'confirmLeave' || panelState === 'saving';
      },
    };
    panelRequests.current = requests;
    return () => {
      if (panelRequests.current === requests) panelRequests.current = null;
    };
  }, [actor, panelRequests]);
  // Spec 2, section 4: an active mute past its expiry is expired, without waiting for the server.
  useTickerEvent('refresh', () => actor.send({ type: 'tick', now: Date.now() }));

  if (state === 'closed') return null;
  if (state === 'editing' || state === 'confirmLeave' || state === 'saving') {
    return (
      <MuteForm
        titleId={titleId}
        mute={current}
        draft={draft}
        saving={state === 'saving'}
        dirty={dirty}
        leave={{
          asking: confirmingLeave,
          request: (to, replace) => actor.send({ type: 'leave-requested', to, replace }),
          leave: () => actor.send({ type: 'confirm-leave' }),
          stay: () => actor.send({ type: 'stay' }),
        }}
        now={now}
        onChange={(changes) => actor.send({ type: 'change', changes })}
        onChangeCondition={(key, changes) => actor.send({ type: 'change-condition', key, changes })}
        onAddCondition={() => actor.send({ type: 'add-condition' })}
        onRemoveCondition={(key) => actor.send({ type: 'remove-condition', key })}
        onSave={() => actor.send({ type: 'save', now: Date.now() })}
        onCancel={() => actor.send({ type: 'cancel' })}
      />
    );
  }
  if (!current) return null;
  if (state === 'conflict' || state === 'reloading') {
    return (
      <div className="notice notice--danger" role="alert">
        <p>{t('details.conflict')}</p>
        <button
          type="button"
          className="button"
          onClick={() => actor.send({ type: 'reload' })}
          disabled={state === 'reloading'}
        >
          {state === 'reloading' ? <Spinner label={null} /> : null}
          {t('details.reload')}
        </button>
      </div>
    );
  }
  return (
    <>
      <MuteDetails
        titleId={titleId}
        mute={current}
        customerName={customerName(current.customer_id)}
        busy={state === 'unmuting'}
        canChange={canChange}
        onEdit={() => actor.send({ type: 'edit' })}
        onUnmute={() => actor.send({ type: 'unmute' })}
      />
      {state === 'confirmUnmute' && (
        <UnmuteDialog
          onConfirm={() => actor.send({ type: 'confirm-unmute' })}
          onCancel={() => actor.send({ type: 'cancel' })}
        />
      )}
    </>
  );
}
