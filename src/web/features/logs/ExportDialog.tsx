import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckboxChoices,
  FormFailure,
  RecipientsField,
  SelectField,
  TextField,
  useForm,
} from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { exportSearch } from './api.ts';
import {
  EXPORT_FIELDS,
  EXPORT_MODES,
  EXTENSIONS,
  type ExportDraft,
  type ExportField,
  type ExportMode,
  exportBody,
  exportErrors,
  isStreamed,
  MAX_EXPORT,
  STREAM_LIMIT,
} from './export-form.ts';

/** Offers the streamed file as a download. */
function download(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Export (spec 2 "Search request": mode, size, fields, emails; spec 5's message), on the field
 * kit, checked by the contract's exportSearch rules. Up to 10 000 events without addresses
 * download at once; a larger or mailed export is written by a job that e-mails a link, which the
 * dialog says.
 */
export function ExportDialog(props: { searchId: string; columns: readonly string[]; onClose(): void }) {
  const { t } = useTranslation('search');
  const { notify } = useToasts();
  const uid = useId();
  const form = useForm<ExportDraft>({
    initial: () => ({
      mode: 'csv',
      size: '1000',
      fields: EXPORT_FIELDS.filter((f) => f === 'time' || props.columns.includes(f)),
      emails: '',
    }),
    check: (draft) => {
      const errors = exportErrors(draft);
      return {
        size:
          errors.size === 'required'
            ? t('alert.required')
            : errors.size === 'range'
              ? t('export.sizeRange', { max: MAX_EXPORT })
              : undefined,
        fields: errors.fields ? t('export.fieldsNone') : undefined,
        emails: errors.emails ? t('export.needsEmail') : undefined,
      };
    },
    submit: async (draft) => {
      const result = await exportSearch(props.searchId, exportBody(draft));
      if (result.file) {
        download(result.file, `search-${props.searchId}.${EXTENSIONS[draft.mode]}`);
        notify({ severity: 'success', title: t('export.downloaded'), message: t('export.downloadedDetail') });
      } else {
        notify({
          severity: 'success',
          title: t('export.queued'),
          message: t('export.queuedDetail', { emails: result.queued.emails.join(', ') }),
        });
      }
      props.onClose();
    },
    unsavedMessage: t('unsaved.message'),
  });
  const { values: draft, set, errors } = form;
  const streamed = isStreamed(draft);
  const close = () => form.requestClose(props.onClose);

  const fieldLabel = (f: ExportField) =>
    f === 'customer_id' || f === 'dst_ip' ? t(`export.fields.${f}`) : t(`columns.${f}`);
  return (
    <>
      <ModalDialog title={t('export.title')} onClose={close} wide>
        <form className="form" {...form.formProps}>
          <SelectField
            id={`${uid}-mode`}
            label={t('export.mode')}
            value={draft.mode}
            options={EXPORT_MODES.map((mode) => ({ value: mode, label: t(`export.modes.${mode}`) }))}
            onChange={(mode) => set({ mode: mode as ExportMode })}
          />
          <TextField
            id={`${uid}-size`}
            label={t('export.size')}
            inputMode="numeric"
            value={draft.size}
            onChange={(size) => set({ size })}
            error={errors.size}
          />
          <CheckboxChoices
            id={`${uid}-fields`}
            legend={t('export.fieldsLabel')}
            choices={EXPORT_FIELDS.map((f) => ({ value: f, label: fieldLabel(f) }))}
            chosen={draft.fields}
            onChange={(fields) => set({ fields })}
            error={errors.fields}
          />
          <RecipientsField
            id={`${uid}-emails`}
            label={t('export.emails')}
            value={draft.emails}
            onChange={(emails) => set({ emails })}
            error={errors.emails}
          />
          <p className="search-hint">
            {streamed ? t('export.streamedHint') : t('export.mailedHint', { limit: STREAM_LIMIT })}
          </p>
          <FormFailure failure={form.failure} />
          <div className="modal__actions">
            <button type="submit" className="button button--primary" disabled={form.busy}>
              {streamed ? t('export.download') : t('export.mail')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('saved.cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
