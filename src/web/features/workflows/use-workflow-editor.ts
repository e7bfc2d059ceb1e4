import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { PublishDraftInput, SaveDraftInput } from '../../../../machines/workflow-drafts/actors.ts';
import type {
  DraftKind,
  LoadedWorkflow,
  TemplateRecord,
  WorkflowRecord,
} from '../../../../machines/workflow-drafts/workflow-drafts.context.ts';
import { workflowDraftsMachine } from '../../../../machines/workflow-drafts/workflow-drafts.machine.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { navigateAnyway } from '../../components/unsaved/use-leave-guard.ts';
import { useToasts } from '../../shell/index.ts';
import { loadWorkflow, publishDraft, saveDraft, WORKFLOWS_AREA } from './api.ts';

/** The workflow-drafts machine with the real calls, toasts and navigation provided. */
export function useWorkflowEditor(kind: DraftKind, id: string) {
  const { t } = useTranslation('workflows');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const invalidate = useInvalidatePaths();
  const latest = useRef({ t, common, notify, navigate, invalidate });
  latest.current = { t, common, notify, navigate, invalidate };

  const [machine] = useState(() =>
    workflowDraftsMachine.provide({
      actors: {
        loadWorkflow: fromPromise<LoadedWorkflow, { kind: DraftKind; id: string }>(({ input }) =>
          loadWorkflow(input.kind, input.id),
        ),
        saveDraft: fromPromise<WorkflowRecord | TemplateRecord, SaveDraftInput>(({ input }) =>
          saveDraft(input),
        ),
        publishDraft: fromPromise<WorkflowRecord, PublishDraftInput>(({ input }) => publishDraft(input)),
      },
      actions: {
        navigate: (_, params) => navigateAnyway(latest.current.navigate, params.to, params.replace),
        reportDone: (_, params) => {
          const { t: tr, notify: n, invalidate: inv } = latest.current;
          void inv(WORKFLOWS_AREA);
          n({
            severity: 'success',
            title: tr(params.operation === 'publish' ? 'editor.published' : 'editor.saved'),
            message: '',
          });
        },
        reportFailure: (_, params) => {
          const { t: tr, common: c, notify: n } = latest.current;
          const title =
            params.operation === 'load'
              ? tr('errors.loadOne')
              : params.operation === 'publish'
                ? tr('errors.publish')
                : tr('errors.save');
          n({ severity: 'danger', title, message: params.message || c('tryAgainLater') });
        },
      },
    }),
  );
  return useActorRef(machine, { input: { kind, id } });
}
