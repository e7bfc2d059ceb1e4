import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, useForm } from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { getAlert, mergeAlerts } from '../api.ts';
import type { Alert } from '../types.ts';

export interface MergeDialogProps {
  alert: Alert;
  onMerged(target: Alert): void;
  onFailed(error: unknown): void;
  onClose(): void;
}

type Candidate = { id: number; alert: Alert | null; problem: string | null };

interface Draft extends Record<string, unknown> {
  text: string;
}

/** The ids typed, each once ("1201, 1202", "#1201 #1202"); what is not a number stays NaN, shown as not an id. */
const idsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;#]+/)
      .filter(Boolean)
      .map(Number),
  ),
];

/**
 * Merges duplicates into this alert: the person types their ids, the dialog checks each is an
 * alert of the same customer (spec: all alerts must belong to one customer), then merges. On the
 * field kit: how many ids one merge takes is the contract's mergeAlerts rule; closing with ids
 * typed asks first.
 */
export function MergeDialog({ alert, onMerged, onFailed, onClose }: MergeDialogProps) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [busy, setBusy] = useState(false);
  const lookUp = async (id: number): Promise<Candidate> => {
    if (!Number.isSafeInteger(id) || id < 1) return { id, alert: null, problem: t('merge.badId') };
    if (id === alert.id) return { id, alert: null, problem: t('merge.self') };
    try {
      const other = await getAlert(id);
      if (other.customer_id !== alert.customer_id)
        return { id, alert: other, problem: t('merge.otherCustomer') };
      if (other.merged_into !== null) return { id, alert: other, problem: t('merge.alreadyMerged') };
      return { id, alert: other, problem: null };
    } catch {
      return { id, alert: null, problem: t('merge.notFound') };
    }
  };
  // Sending the form checks the ids; the merge is its own button once some pass.
  const form = useForm<Draft>({
    initial: { text: '' },
    schema: 'mergeAlerts',
    // Entries that are not ids are listed with their problem after the check, not counted here.
    toContract: (draft) => ({
      target_id: alert.id,
      source_ids: idsOf(draft.text).filter((id) => Number.isSafeInteger(id) && id >= 1),
    }),
    fieldOf: { source_ids: 'text' },
    submit: async (draft) => setCandidates(await Promise.all(idsOf(draft.text).map(lookUp))),
  });
  const { values, set, errors } = form;
  const close = () => form.requestClose(onClose);
  const valid = candidates?.filter((c) => c.alert && !c.problem) ?? [];

  const merge = async () => {
    setBusy(true);
    try {
      onMerged(
        await mergeAlerts(
          alert.id,
          valid.map((c) => c.id),
        ),
      );
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ModalDialog
        title={t('merge.title', { id: alert.id })}
        onClose={close}
        wide
        footer={
          <>
            <button type="button" className="button" onClick={close}>
              {tc('cancel')}
            </button>
            <button type="submit" form="alert-merge-form" className="button" disabled={busy || form.busy}>
              {t('merge.check')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || valid.length === 0}
              onClick={merge}
            >
              {t('merge.merge', { count: valid.length })}
            </button>
          </>
        }
      >
        <form id="alert-merge-form" className="form" {...form.formProps}>
          <TextField
            id="alert-merge-ids"
            label={t('merge.ids')}
            value={values.text}
            placeholder="1201, 1202"
            hint={t('merge.help')}
            error={errors.text}
            onChange={(text) => {
              set({ text });
              setCandidates(null);
            }}
          />
        </form>
        {candidates && (
          <ul className="alert-merge-list">
            {candidates.map((c) => (
              <li key={c.id} className={c.problem ? 'is-invalid' : undefined}>
                #{c.id} {c.alert?.title ?? ''} {c.problem && <strong>— {c.problem}</strong>}
              </li>
            ))}
          </ul>
        )}
      </ModalDialog>
      {form.prompt}
    </>
  );
}
