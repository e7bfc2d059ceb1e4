import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormFooter, SelectField } from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { changedFrom, useUnsavedChanges } from '../../../components/unsaved/use-unsaved-changes.tsx';
import {
  changeUpdate,
  createUpdate,
  type PlatformUpdate,
  type UpdateCategory,
  type UpdateDraft,
} from '../api.ts';

/** The spec's categories, with their names in the updates namespace. */
const CATEGORIES = {
  agent_release: 'categories.agentRelease',
  announcement: 'categories.announcement',
  platform_update: 'categories.platformUpdate',
  maintenance: 'categories.maintenance',
  new_alert_type: 'categories.newAlertType',
  platform_feature: 'categories.platformFeature',
} as const satisfies Record<UpdateCategory, string>;
const TITLE_MAX = 200;
const BODY_MAX = 20_000;

/** Writes a new update (a draft) or edits one; the spec's messages for a missing or long value. */
export function UpdateForm({
  update,
  onClose,
  onSaved,
}: {
  update: PlatformUpdate | null;
  onClose(): void;
  onSaved(update: PlatformUpdate): void;
}) {
  const { t } = useTranslation('updates');
  const uid = useId();
  const [draft, setDraft] = useState<UpdateDraft>({
    category: update?.category ?? 'announcement',
    title: update?.title ?? '',
    body: update?.body ?? '',
  });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [opened] = useState(draft);
  const unsaved = useUnsavedChanges(changedFrom(draft, opened) && !busy);
  const close = () => unsaved.guard(onClose);
  const titleError = !draft.title.trim()
    ? t('admin.form.required')
    : draft.title.length > TITLE_MAX
      ? t('admin.form.tooLong', { max: TITLE_MAX })
      : null;
  const bodyError = draft.body.length > BODY_MAX ? t('admin.form.tooLong', { max: BODY_MAX }) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (titleError || bodyError) return;
    setBusy(true);
    setFailure(null);
    try {
      onSaved(update ? await changeUpdate(update.id, draft) : await createUpdate(draft));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  const formId = `${uid}-update-form`;
  return (
    <>
      <ModalDialog
        title={update ? t('admin.form.editTitle') : t('admin.form.newTitle')}
        onClose={close}
        wide
        footer={
          <FormFooter
            form={formId}
            submitLabel={update ? t('admin.form.save') : t('admin.form.create')}
            disabled={busy}
            onCancel={close}
          />
        }
      >
        <form id={formId} className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
          {failure && (
            <p className="notice notice--danger" role="alert">
              {t('admin.saveFailed', { reason: failure })}
            </p>
          )}
          <SelectField
            id={`${uid}-category`}
            label={t('admin.form.category')}
            value={draft.category}
            onChange={(v) => setDraft({ ...draft, category: v as UpdateCategory })}
            options={Object.entries(CATEGORIES).map(([value, key]) => ({ value, label: t(key) }))}
          />
          <Field label={t('admin.form.title')}>
            <input
              className="input"
              data-autofocus
              value={draft.title}
              aria-invalid={touched && titleError ? true : undefined}
              aria-describedby={touched && titleError ? `${uid}-title-error` : undefined}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
          </Field>
          {touched && titleError && (
            <p id={`${uid}-title-error`} className="field__error" role="alert">
              {titleError}
            </p>
          )}
          <Field label={t('admin.form.body')}>
            <textarea
              className="input"
              rows={8}
              value={draft.body}
              aria-invalid={bodyError ? true : undefined}
              onChange={(e) => setDraft({ ...draft, body: e.target.value })}
            />
          </Field>
          {bodyError && <p className="field__error">{bodyError}</p>}
        </form>
      </ModalDialog>
      {unsaved.prompt}
    </>
  );
}
