import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormFailure,
  FormFooter,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import {
  changeUpdate,
  createUpdate,
  type PlatformUpdate,
  type UpdateCategory,
  type UpdateDraft,
} from '../api.ts';
import '../../../admin/admin.css';

/** The spec's categories, with their names in the updates namespace. */
const CATEGORIES = {
  agent_release: 'categories.agentRelease',
  announcement: 'categories.announcement',
  platform_update: 'categories.platformUpdate',
  maintenance: 'categories.maintenance',
  new_alert_type: 'categories.newAlertType',
  platform_feature: 'categories.platformFeature',
} as const satisfies Record<UpdateCategory, string>;

/** The draft as the form holds it (a type alias, so the kit can index it). */
type DraftValues = Required<Pick<UpdateDraft, 'category' | 'title' | 'body'>>;

/** Writes a new update (a draft) or edits one; the contract's rules give the spec's messages. */
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
  const form = useForm<DraftValues>({
    initial: () => ({
      category: update?.category ?? 'announcement',
      title: update?.title ?? '',
      body: update?.body ?? '',
    }),
    // The form always sends the whole draft, so an edit is held to the same rules as a new one.
    schema: 'PlatformUpdateInput',
    submit: async (draft) => {
      onSaved(update ? await changeUpdate(update.id, draft) : await createUpdate(draft));
    },
  });
  const { values: draft, set, errors } = form;
  const close = () => form.requestClose(onClose);

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
            disabled={form.busy}
            onCancel={close}
          />
        }
      >
        <form id={formId} className="admin-form" {...form.formProps}>
          <FormFailure failure={form.failure} />
          <SelectField
            id={`${uid}-category`}
            label={t('admin.form.category')}
            value={draft.category}
            error={errors.category}
            onChange={(v) => set({ category: v as UpdateCategory })}
            options={Object.entries(CATEGORIES).map(([value, key]) => ({ value, label: t(key) }))}
          />
          <TextField
            id={`${uid}-title`}
            label={t('admin.form.title')}
            data-autofocus
            required
            value={draft.title}
            error={errors.title}
            onChange={(title) => set({ title })}
          />
          <TextAreaField
            id={`${uid}-body`}
            label={t('admin.form.body')}
            className="input"
            rows={8}
            value={draft.body}
            error={errors.body}
            onChange={(body) => set({ body })}
          />
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
