import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageButtons } from '../../components/PageButtons.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { usePaged } from '../../components/use-paged.ts';
import { useToasts } from '../../shell/index.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import './discussions.css';
import type { DiscussionCalls } from './types.ts';

/** Comments per page. */
const PAGE = 20;

export interface DiscussionThreadProps {
  /** Id of the heading, which names the section. */
  headingId: string;
  title: string;
  /** Bound to one alert or case; a new object (with a new `threadKey`) starts over. */
  calls: DiscussionCalls;
  /** Names the thread (the alert or case id); a change reloads it from the first page. */
  threadKey: string | number;
  /** Staff may write and see private comments. */
  staff: boolean;
  /** The caller may write here (read-only staff may not). */
  canComment: boolean;
  /** The new-comment box, for a screen key that jumps to it. */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** A comment was added, edited or deleted. */
  onChanged?(): void;
}

type Operation = 'post' | 'edit' | 'delete';

/**
 * The comments of an alert or a case (spec 2: "comments with a private option, edit and
 * delete"), oldest first, a page at a time: add one, and edit or delete one's own. Private
 * comments are marked; the server never sends them to customer users. Failures are toasts in the
 * spec's words followed by 'Please try again later.'
 */
export function DiscussionThread(props: DiscussionThreadProps) {
  const { headingId, title, calls, threadKey, staff, canComment, textareaRef, onChanged } = props;
  const { t } = useTranslation('discussions');
  const { t: tc } = useTranslation();
  const { notify } = useToasts();
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);
  const paged = usePaged(calls.list, PAGE, threadKey);

  // A deleted comment took its buttons with it: the focus goes to the thread, not to the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reloaded items are what it waits for
  useEffect(() => {
    if (paged.status !== 'ready' || !refocus.current) return;
    refocus.current = false;
    heading.current?.focus();
  }, [paged.status, paged.items]);

  const failedTitle = (operation: Operation) =>
    operation === 'post' ? t('postFailed') : operation === 'edit' ? t('editFailed') : t('deleteFailed');
  const run = async (operation: Operation, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
      notify({
        severity: 'danger',
        title: failedTitle(operation),
        message: `${tc('tryAgainLater')}${reason}`,
      });
      throw error;
    }
    if (operation === 'delete') refocus.current = true;
    paged.reload();
    onChanged?.();
  };

  return (
    <section className="card discussion-thread" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {paged.status === 'loading' && paged.items.length === 0 && <Spinner label={t('loading')} />}
      {paged.status === 'error' && (
        <div className="notice notice--danger" role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="button button--small" onClick={paged.reload}>
            {t('retry')}
          </button>
        </div>
      )}
      {paged.status === 'ready' && paged.items.length === 0 && <p className="muted">{t('none')}</p>}
      {paged.items.length > 0 && (
        <ol className="comments" aria-busy={paged.status === 'loading' || undefined}>
          {paged.items.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              canPrivate={staff}
              onEdit={(body, isPrivate) => run('edit', () => calls.edit(comment.id, body, isPrivate))}
              onDelete={() => run('delete', () => calls.remove(comment.id))}
            />
          ))}
        </ol>
      )}
      <PageButtons paged={paged} label={t('pages')} />
      {canComment && (
        <CommentForm
          id={`${headingId}-new`}
          canPrivate={staff}
          textareaRef={textareaRef}
          submitLabel={t('add')}
          onSubmit={(body, isPrivate) => run('post', () => calls.post(body, isPrivate))}
        />
      )}
    </section>
  );
}
