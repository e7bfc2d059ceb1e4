import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, SelectField, TextAreaField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { type Feedback, type Message, setAssistantFeedback } from './api.ts';

const OPTIONS = ['helpful', 'inaccurate', 'incomplete', 'not_relevant', 'harmful', 'other'] as const;

interface Values extends Record<string, unknown> {
  rating: 'up' | 'down';
  option: string;
  comment: string;
}

/** The feedback popup of one answer (spec 2, section 9): feedback, option and comment. */
export function FeedbackPopup({
  conversationId,
  message,
  rating,
  onDone,
}: {
  conversationId: string;
  message: Message;
  rating: 'up' | 'down';
  onDone(updated: Message | null): void;
}) {
  const { t } = useTranslation('assistant');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const uid = useId();
  const toContract = (v: Values): Feedback => ({
    rating: v.rating,
    option: (v.option || null) as Feedback['option'],
    comment: v.comment.trim() || null,
  });
  const form = useForm<Values>({
    initial: () => ({
      rating,
      option: message.feedback?.option ?? '',
      comment: message.feedback?.comment ?? '',
    }),
    schema: 'AssistantFeedback',
    toContract,
    submit: async (values) => {
      const updated = await setAssistantFeedback(conversationId, message.id, toContract(values));
      notify({ severity: 'success', title: t('title'), message: t('feedback.thanks') });
      onDone(updated);
    },
    onError: () => notify({ severity: 'danger', title: t('failed'), message: common('tryAgainLater') }),
  });
  const { values, set, errors } = form;
  const close = () => form.requestClose(() => onDone(null));
  return (
    <>
      <ModalDialog title={t('feedback.title')} onClose={close}>
        <form className="form" {...form.formProps}>
          <fieldset className="assistant-feedback__rating">
            <legend>{t('feedback.rating')}</legend>
            {(['up', 'down'] as const).map((r) => (
              <label key={r}>
                <input
                  type="radio"
                  name={`${uid}-rating`}
                  checked={values.rating === r}
                  data-autofocus={values.rating === r || undefined}
                  onChange={() => set({ rating: r })}
                />
                {t(`feedback.${r}`)}
              </label>
            ))}
          </fieldset>
          <SelectField
            id={`${uid}-option`}
            label={t('feedback.option')}
            value={values.option}
            emptyLabel={t('feedback.options.none')}
            options={OPTIONS.map((o) => ({ value: o, label: t(`feedback.options.${o}`) }))}
            error={errors.option}
            onChange={(option) => set({ option })}
          />
          <TextAreaField
            id={`${uid}-comment`}
            label={t('feedback.comment')}
            rows={3}
            value={values.comment}
            error={errors.comment}
            onChange={(comment) => set({ comment })}
          />
          <FormFailure failure={form.failure} />
          <div className="modal__actions">
            <button type="button" className="button" onClick={close}>
              {t('feedback.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={form.busy}>
              {t('feedback.submit')}
            </button>
          </div>
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
