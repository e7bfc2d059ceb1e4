import { useCallback, useEffect, useState } from 'react';
import { type Discussion, listCaseDiscussions, postCaseDiscussion } from './case-api.ts';

export interface CaseDiscussionsState {
  status: 'loading' | 'ready' | 'error';
  discussions: Discussion[];
}

/** A case's comments, oldest first, and posting a new one (appended when the server accepts it). */
export function useCaseDiscussions(caseId: number, enabled: boolean) {
  const [state, setState] = useState<CaseDiscussionsState>({ status: 'loading', discussions: [] });
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation asks again
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    listCaseDiscussions(caseId)
      .then((discussions) => live && setState({ status: 'ready', discussions }))
      .catch(() => live && setState({ status: 'error', discussions: [] }));
    return () => {
      live = false;
    };
  }, [caseId, enabled, generation]);

  const post = useCallback(
    async (body: string, isPrivate: boolean) => {
      const discussion = await postCaseDiscussion(caseId, body, isPrivate);
      setState((s) => ({ status: 'ready', discussions: [...s.discussions, discussion] }));
    },
    [caseId],
  );
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, post, reload };
}
