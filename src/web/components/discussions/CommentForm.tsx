import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { takeDrafts } from '../../lib/drafts.ts';
import { TextAreaField, useForm } from '../form/index.ts';

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

interface Draft extends Record<string, unknown> {
  body: string;
  isPrivate: boolean;
}

/**
 * Writing or editing a comment; Ctrl/Cmd+Enter sends it, Esc cancels an edit. On the field kit:
 * the text is checked by the contract's DiscussionInput/DiscussionEdit rules and a server refusal
 * shows under it. A failure to send is announced by the thread; the text stays to send again.
 */
export function CommentForm(props: CommentFormProps) {
  const { t } = useTranslation('discussions');
  const { t: tc } = useTranslation();
  const editing = props.initialBody !== undefined;
  const empty: Draft = { body: '', isPrivate: false };
  const form = useForm<Draft>({
    initial: () => ({ body: props.initialBody ?? '', isPrivate: props.initialPrivate ?? false }),
    schema: editing ? 'DiscussionEdit' : 'DiscussionInput',
    toContract: (draft) => ({ body: draft.body.trim(), private: draft.isPrivate }),
    fieldOf: { private: 'isPrivate' },
    submit: async (draft) => {
      await props.onSubmit(draft.body.trim(), props.canPrivate && draft.isPrivate);
      if (!editing) form.reset(empty);
    },
  });
  const { values, set, errors } = form;
  const blank = !values.body.trim();
  const send = () => form.formProps.ref.current?.requestSubmit();
  const own = useRef<HTMLTextAreaElement | null>(null);
  const latest = useRef({ body: values.body, set });
  latest.current = { body: values.body, set };
  // A draft the assistant wrote lands here for a person to read and change (lib/drafts.ts);
  // it is added after what was typed, never in place of it.
  useEffect(() => {
    if (editing) return;
    return takeDrafts((text) => {
      const { body, set: setValues } = latest.current;
      setValues({ body: body.trim() ? `${body.trimEnd()}\n\n${text}` : text });
      (props.textareaRef?.current ?? own.current)?.focus();
    });
  }, [editing, props.textareaRef]);
  return (
    <form className="comment-form" {...form.formProps}>
      <TextAreaField
        id={props.id}
        ref={props.textareaRef ?? own}
        label={<span className="sr-only">{editing ? t('editBody') : t('body')}</span>}
        className="input comment-form__text"
        value={values.body}
        error={errors.body}
        placeholder={t('placeholder')}
        autoFocus={editing}
        onChange={(body) => set({ body })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (!blank) send();
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
            <input
              type="checkbox"
              checked={values.isPrivate}
              onChange={(e) => set({ isPrivate: e.target.checked })}
            />
            {t('private')}
          </label>
        )}
        {props.onCancel && (
          <button type="button" className="button" onClick={props.onCancel}>
            {tc('cancel')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={form.busy || blank}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
