import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * Merges duplicates into this alert: the person types their ids, the dialog checks each is an
 * alert of the same customer (spec: all alerts must belong to one customer), then merges.
 */
export function MergeDialog({ alert, onMerged, onFailed, onClose }: MergeDialogProps) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const [text, setText] = useState('');
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = [
    ...new Set(
      text
        .split(/[\s,;#]+/)
        .filter(Boolean)
        .map(Number),
    ),
  ];
  const valid = candidates?.filter((c) => c.alert && !c.problem) ?? [];

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const found = await Promise.all(
      ids.map(async (id): Promise<Candidate> => {
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
      }),
    );
    setCandidates(found);
    setBusy(false);
  };

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
    <ModalDialog
      title={t('merge.title', { id: alert.id })}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {tc('cancel')}
          </button>
          <button
            type="submit"
            form="alert-merge-form"
            className="button"
            disabled={busy || ids.length === 0}
          >
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
      <form id="alert-merge-form" className="form" onSubmit={check}>
        <label className="field">
          <span className="field__label">{t('merge.ids')}</span>
          <input
            id="alert-merge-ids"
            className="input"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setCandidates(null);
            }}
            placeholder="1201, 1202"
          />
          <span className="field__help">{t('merge.help')}</span>
        </label>
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
  );
}
