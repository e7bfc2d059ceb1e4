import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxChoices, TextField } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { exportSearch } from './api.ts';
import {
  EXPORT_FIELDS,
  EXPORT_MODES,
  EXTENSIONS,
  type ExportDraft,
  type ExportField,
  exportBody,
  exportErrors,
  isStreamed,
  MAX_EXPORT,
  STREAM_LIMIT,
} from './export-form.ts';
import { useUnsavedDialog } from './use-unsaved-dialog.tsx';

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
 * Export (spec 2 "Search request": mode, size, fields, emails; spec 5's message). Up to 10 000
 * events without addresses download at once; a larger or mailed export is written by a job that
 * e-mails a link, which the dialog says.
 */
export function ExportDialog(props: { searchId: string; columns: readonly string[]; onClose(): void }) {
  const { t } = useTranslation('search');
  const { notify } = useToasts();
  const uid = useId();
  const [initial] = useState<ExportDraft>(() => ({
    mode: 'csv',
    size: '1000',
    fields: EXPORT_FIELDS.filter((f) => f === 'time' || props.columns.includes(f)),
    emails: '',
  }));
  const [draft, setDraft] = useState<ExportDraft>(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = attempted ? exportErrors(draft) : {};
  const set = (changes: Partial<ExportDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const streamed = isStreamed(draft);
  const dirty =
    !busy &&
    (draft.mode !== initial.mode ||
      draft.size !== initial.size ||
      draft.emails !== initial.emails ||
      draft.fields.join() !== initial.fields.join());
  const { requestClose, question } = useUnsavedDialog(dirty, props.onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(exportErrors(draft)).length > 0 || busy) return;
    setBusy(true);
    setFailure(null);
    try {
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
    } catch (e) {
      setFailure(`${t('export.failed')} ${e instanceof Error ? e.message : ''}`.trim());
      setBusy(false);
    }
  };

  const fieldLabel = (f: ExportField) =>
    f === 'customer_id' || f === 'dst_ip' ? t(`export.fields.${f}`) : t(`columns.${f}`);
  return (
    <>
      <ModalDialog title={t('export.title')} onClose={requestClose} wide>
        <form className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${uid}-mode`} className="field__label">
              {t('export.mode')}
            </label>
            <select
              id={`${uid}-mode`}
              className="select"
              value={draft.mode}
              onChange={(e) => set({ mode: e.target.value as ExportDraft['mode'] })}
            >
              {EXPORT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`export.modes.${mode}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id={`${uid}-size`}
            label={t('export.size')}
            inputMode="numeric"
            value={draft.size}
            onChange={(size) => set({ size })}
            error={
              errors.size === 'required'
                ? t('alert.required')
                : errors.size === 'range'
                  ? t('export.sizeRange', { max: MAX_EXPORT })
                  : undefined
            }
          />
          <CheckboxChoices
            id={`${uid}-fields`}
            legend={t('export.fieldsLabel')}
            choices={EXPORT_FIELDS.map((f) => ({ value: f, label: fieldLabel(f) }))}
            chosen={draft.fields}
            onChange={(fields) => set({ fields })}
            error={errors.fields ? t('export.fieldsNone') : undefined}
          />
          <TextField
            id={`${uid}-emails`}
            label={t('export.emails')}
            type="text"
            autoComplete="email"
            value={draft.emails}
            onChange={(emails) => set({ emails })}
            error={errors.emails ? t('export.needsEmail') : undefined}
          />
          <p className="search-hint">
            {streamed ? t('export.streamedHint') : t('export.mailedHint', { limit: STREAM_LIMIT })}
          </p>
          {failure && (
            <p role="alert" className="search-error">
              {failure}
            </p>
          )}
          <div className="modal__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {streamed ? t('export.download') : t('export.mail')}
            </button>
            <button type="button" className="button" onClick={requestClose}>
              {t('saved.cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
      {question}
    </>
  );
}
