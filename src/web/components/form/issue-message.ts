import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue, FieldIssues } from '../../../api/validate.ts';

/** The spec's message of a field issue (spec 2, section 5), in the user's language. */
export function useIssueMessage() {
  const { t } = useTranslation('common');
  return useCallback(
    (issue: FieldIssue): string =>
      // The key is one of the `fieldIssue` group; plural forms are picked by `count`.
      String(
        t(`fieldIssue.${issue.key}` as never, {
          count: issue.count,
          limit: issue.limit,
          pattern: issue.pattern,
        }),
      ),
    [t],
  );
}

/** Every issue's message, by field. */
export function useIssueMessages() {
  const message = useIssueMessage();
  return useCallback(
    <F extends string>(issues: FieldIssues<F>): Partial<Record<F, string>> => {
      const messages: Partial<Record<F, string>> = {};
      for (const field of Object.keys(issues) as F[]) {
        const issue = issues[field];
        if (issue) messages[field] = message(issue);
      }
      return messages;
    },
    [message],
  );
}
