import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveDraftInput } from '../../../../machines/workflow-drafts/actors.ts';
import { ApiError } from '../../api/errors.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { TextField } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { createWorkflowTemplate, type TemplateRecord, WORKFLOWS_AREA } from './api.ts';

const MAX_NAME = 200;

export interface SaveAsTemplateDialogProps {
  /** The editor's definition as it stands, unsaved edits included. */
  definition: SaveDraftInput['definition'];
  /** The name offered first. */
  suggestedName: string;
  onClose(): void;
  onSaved(template: TemplateRecord): void;
}

/**
 * "Save as template": the workflow or template being edited, as it stands, becomes a new template
 * under the name typed here (Enter saves, Escape cancels). The one being edited is not changed.
 */
export function SaveAsTemplateDialog({
  definition,
  suggestedName,
  onClose,
  onSaved,
}: SaveAsTemplateDialogProps) {
  const { t } = useTranslation('workflows');
  const { t: common } = useTranslation();
  const uid = useId();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const issueOf = (value: string) =>
    value.trim() === ''
      ? t('saveAs.nameRequired')
      : value.trim().length > MAX_NAME
        ? t('saveAs.nameTooLong', { count: MAX_NAME })
        : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const issue = issueOf(name);
    setError(issue);
    if (issue || busy) return;
    setBusy(true);
    try {
      const template = await createWorkflowTemplate(definition, name.trim());
      await invalidate(WORKFLOWS_AREA);
      notify({ severity: 'success', title: t('saveAs.done', { name: template.name }), message: '' });
      onSaved(template);
    } catch (e) {
      const field = e instanceof ApiError ? e.fields.find((f) => f.field.endsWith('name')) : undefined;
      if (field) setError(field.reason);
      else notify({ severity: 'danger', title: t('errors.saveAs'), message: (e as Error).message });
      setBusy(false);
    }
  };
  return (
    <ModalDialog title={t('saveAs.title')} onClose={onClose}>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        <p>{t('saveAs.explain')}</p>
        <TextField
          id={`${uid}-template-name`}
          label={t('saveAs.name')}
          className="input input--wide"
          value={name}
          required
          error={error}
          onChange={(value) => {
            setName(value);
            if (error) setError(issueOf(value));
          }}
        />
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            {common('cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('saveAs.saving') : t('saveAs.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
