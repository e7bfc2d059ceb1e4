import { type FormEvent, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CommentFormProps {
  /** Staff may mark a comment private (only the provider's staff see it). */
  canPrivate: boolean;
  initialBody?: string;
  initialPrivate?: boolean;
  submitLabel: string;
  onSubmit(body: string, isPrivate: boolean): Promise<void>;
  onCancel?(): void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  id: string;
}

/** Longest comment the API takes. */
const MAX_BODY = 10_000;

/** Writing or editing a comment; Ctrl/Cmd+Enter sends it, Esc cancels an edit. */
export function CommentForm(props: CommentFormProps) {
  const { t } = useTranslation('discussions');
  const { t: tc } = useTranslation();
  const [body, setBody] = useState(props.initialBody ?? '');
  const [isPrivate, setPrivate] = useState(props.initialPrivate ?? false);
  const [busy, setBusy] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!body.trim() || busy) return;
    setBusy(true);
    try {
      await props.onSubmit(body.trim(), props.canPrivate && isPrivate);
      if (props.initialBody === undefined) {
        setBody('');
        setPrivate(false);
      }
    } catch {
      // The failure was announced; the text stays so it can be sent again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor={props.id} className="sr-only">
        {props.initialBody === undefined ? t('body') : t('editBody')}
      </label>
      <textarea
        id={props.id}
        ref={props.textareaRef}
        className="input comment-form__text"
        value={body}
        maxLength={MAX_BODY}
        placeholder={t('placeholder')}
        autoFocus={props.initialBody !== undefined}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            if (props.onCancel) props.onCancel();
            else e.currentTarget.blur();
          }
        }}
      />
      <div className="comment-form__actions">
        {props.canPrivate && (
          <label className="comment-form__private">
            <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
            {t('private')}
          </label>
        )}
        {props.onCancel && (
          <button type="button" className="button" onClick={props.onCancel}>
            {tc('cancel')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={busy || !body.trim()}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
