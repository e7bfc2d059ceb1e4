import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES } from '../../../../common/statuses.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { SelectField, TextAreaField } from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useLabels } from '../shared/use-labels.ts';
import { CLASSIFICATIONS } from '../types.ts';
import type { AlertStatusApi } from './use-alert-status.ts';

/**
 * Changing status (only the alert's allowed transitions), priority or classification, driven by
 * machines/alert-status. A 409 conflict says 'This alert was changed by someone else' and offers
 * Reload, which shows the alert as it is now and lets the person choose again.
 */
export function ChangeDialog({ status: machine }: { status: AlertStatusApi }) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const labels = useLabels();
  const { snapshot, send } = machine;
  const { alert, field, error } = snapshot.context;
  const current =
    field === 'status' ? alert.status : field === 'priority' ? alert.priority : (alert.classification ?? '');
  const [value, setValue] = useState('');
  const [comment, setComment] = useState('');
  const cancel = () => send({ type: 'cancel' });

  if (snapshot.matches('Conflict')) {
    return (
      <ConfirmDialog
        title={t('change.conflictTitle')}
        confirmLabel={t('change.reload')}
        onConfirm={() => send({ type: 'reload' })}
        onCancel={cancel}
      >
        <p>{t('change.conflict')}</p>
      </ConfirmDialog>
    );
  }

  const options =
    field === 'status'
      ? alert.allowed_transitions.map((s) => ({ value: s, label: labels.status(s) }))
      : field === 'priority'
        ? PRIORITIES.filter((p) => p !== alert.priority).map((p) => ({ value: p, label: labels.priority(p) }))
        : [
            ...CLASSIFICATIONS.filter((c) => c !== alert.classification).map((c) => ({
              value: c,
              label: labels.classification(c),
            })),
            ...(alert.classification ? [{ value: '-', label: t('change.clearClassification') }] : []),
          ];
  const chosen = options.some((o) => o.value === value) ? value : (options[0]?.value ?? '');
  const title =
    field === 'status'
      ? t('change.statusTitle')
      : field === 'priority'
        ? t('change.priorityTitle')
        : t('change.classifyTitle');
  const busy = snapshot.matches('Saving') || snapshot.matches('Reloading');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !field) return;
    const change =
      field === 'classification' ? { classification: chosen === '-' ? null : chosen } : { [field]: chosen };
    send({ type: 'choose', change, comment });
  };

  return (
    <ModalDialog
      title={title}
      onClose={cancel}
      footer={
        <>
          <button type="button" className="button" onClick={cancel}>
            {tc('cancel')}
          </button>
          {snapshot.matches('Failed') ? (
            <button type="button" className="button button--primary" onClick={() => send({ type: 'retry' })}>
              {t('change.retry')}
            </button>
          ) : (
            <button
              type="submit"
              form="alert-change-form"
              className="button button--primary"
              disabled={busy || !chosen}
            >
              {t('change.save')}
            </button>
          )}
        </>
      }
    >
      {busy && <Spinner label={t('change.saving')} />}
      {snapshot.matches('Failed') && error && (
        <p className="notice notice--danger" role="alert">
          {t('errors.updateOne', { id: alert.id })} {error.message}
        </p>
      )}
      {options.length === 0 ? (
        <p>{t('change.noTransitions')}</p>
      ) : (
        <form id="alert-change-form" className="form" onSubmit={onSubmit}>
          <p className="muted">
            {t('change.current')}:{' '}
            {field === 'status'
              ? labels.status(current)
              : field === 'priority'
                ? labels.priority(current)
                : labels.classification(current || null) || '—'}
          </p>
          <SelectField
            id="alert-change-value"
            label={t('change.newValue')}
            value={chosen}
            onChange={setValue}
            options={options}
          />
          <TextAreaField
            id="alert-change-comment"
            className="input alerts-textarea"
            label={t('fields.comment')}
            value={comment}
            onChange={setComment}
          />
        </form>
      )}
    </ModalDialog>
  );
}
