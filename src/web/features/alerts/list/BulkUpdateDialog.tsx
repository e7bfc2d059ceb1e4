import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES } from '../../../../common/statuses.ts';
import { CheckboxField, FormFooter, SelectField, TextAreaField } from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useSession } from '../../../session/SessionProvider.tsx';
import { useShellData } from '../../../shell/index.ts';
import { useLabels } from '../shared/use-labels.ts';
import { CLASSIFICATIONS } from '../types.ts';
import { BulkResults } from './BulkResults.tsx';
import type { BulkTriage } from './use-bulk-triage.ts';

/**
 * Bulk update of the selected alerts, or of all matching (spec 2, section 2): status (only one
 * every selected alert may move to), priority, classification, assignee, comment; then a
 * confirmation saying what will happen; then what happened to each alert.
 */
export function BulkUpdateDialog({ bulk }: { bulk: BulkTriage }) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const labels = useLabels();
  const { me } = useSession();
  const { contacts } = useShellData();
  const { snapshot, send } = bulk;
  const { allowedStatuses, targets } = snapshot.context;
  const count = targets?.mode === 'ids' ? targets.ids.length : (targets?.count ?? 0);
  const staff = me?.user.role_level === 'Global';
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  const [classification, setClassification] = useState('');
  const [assignee, setAssignee] = useState('');
  const [comment, setComment] = useState('');
  const [commentPrivate, setCommentPrivate] = useState(false);
  const close = () => send({ type: 'close' });

  const fields = {
    status: status || undefined,
    priority: priority || undefined,
    classification: classification || undefined,
    assigned_users: assignee ? [assignee === 'me' ? (me?.user.email ?? '') : assignee] : undefined,
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'review', fields, comment, commentPrivate });
  };
  const nothing = !status && !priority && !classification && !assignee && !comment.trim();

  if (snapshot.matches('Selecting')) {
    return (
      <ModalDialog
        key="form"
        title={t('bulk.title', { count })}
        onClose={close}
        footer={
          <FormFooter
            form="alerts-bulk-form"
            submitLabel={t('bulk.review')}
            disabled={nothing}
            onCancel={close}
          />
        }
      >
        <form id="alerts-bulk-form" className="form" onSubmit={onSubmit}>
          <SelectField
            id="bulk-status"
            label={t('fields.status')}
            value={status}
            onChange={setStatus}
            emptyLabel={t('bulk.noChange')}
            hint={allowedStatuses.length === 0 ? t('bulk.noCommonStatus') : undefined}
            options={allowedStatuses.map((s) => ({ value: s, label: labels.status(s) }))}
          />
          <SelectField
            id="bulk-priority"
            label={t('fields.priority')}
            value={priority}
            onChange={setPriority}
            emptyLabel={t('bulk.noChange')}
            options={PRIORITIES.map((p) => ({ value: p, label: labels.priority(p) }))}
          />
          <SelectField
            id="bulk-classification"
            label={t('fields.classification')}
            value={classification}
            onChange={setClassification}
            emptyLabel={t('bulk.noChange')}
            options={CLASSIFICATIONS.map((c) => ({ value: c, label: labels.classification(c) }))}
          />
          <SelectField
            id="bulk-assignee"
            label={t('fields.assignee')}
            value={assignee}
            onChange={setAssignee}
            emptyLabel={t('bulk.noChange')}
            options={[
              { value: 'me', label: t('bulk.assignToMe') },
              ...contacts
                .filter((c) => c.email !== me?.user.email)
                .map((c) => ({ value: c.email, label: `${c.name} (${c.email})` })),
            ]}
          />
          <TextAreaField
            id="bulk-comment"
            className="input alerts-textarea"
            label={t('fields.comment')}
            value={comment}
            onChange={setComment}
          />
          {staff && (
            <CheckboxField
              id="bulk-comment-private"
              label={t('comments.private')}
              checked={commentPrivate}
              onChange={setCommentPrivate}
            />
          )}
        </form>
      </ModalDialog>
    );
  }

  if (snapshot.matches('Confirming')) {
    const c = snapshot.context;
    return (
      <ModalDialog
        key="confirm"
        title={t('bulk.confirmTitle', { count })}
        onClose={close}
        footer={
          <>
            <button type="button" className="button" onClick={() => send({ type: 'back' })}>
              {t('bulk.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              data-autofocus
              onClick={() => send({ type: 'confirm' })}
            >
              {t('bulk.confirm', { count })}
            </button>
          </>
        }
      >
        <ul className="alerts-bulk-summary">
          {c.fields.status && <li>{t('bulk.willSetStatus', { status: labels.status(c.fields.status) })}</li>}
          {c.fields.priority && (
            <li>{t('bulk.willSetPriority', { priority: labels.priority(c.fields.priority) })}</li>
          )}
          {c.fields.classification && (
            <li>
              {t('bulk.willClassify', { classification: labels.classification(c.fields.classification) })}
            </li>
          )}
          {c.fields.assigned_users && (
            <li>{t('bulk.willAssign', { user: c.fields.assigned_users.join(', ') })}</li>
          )}
          {c.comment && <li>{c.commentPrivate ? t('bulk.willCommentPrivately') : t('bulk.willComment')}</li>}
        </ul>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog
      key={snapshot.matches('Running') ? 'running' : 'result'}
      title={t('bulk.title', { count })}
      onClose={close}
      footer={
        snapshot.matches('Running') ? undefined : (
          <>
            {snapshot.matches('Failed') && (
              <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
                {t('bulk.retry')}
              </button>
            )}
            <button type="button" className="button button--primary" data-autofocus onClick={close}>
              {tc('close')}
            </button>
          </>
        )
      }
    >
      {snapshot.matches('Running') && <Spinner label={t('bulk.running', { count })} />}
      {snapshot.matches('Failed') && (
        <p className="notice notice--danger" role="alert">
          {t('errors.update')} {tc('tryAgainLater')} {snapshot.context.error}
        </p>
      )}
      {snapshot.context.result && (
        <BulkResults result={snapshot.context.result} byFilter={targets?.mode === 'filter'} />
      )}
    </ModalDialog>
  );
}
