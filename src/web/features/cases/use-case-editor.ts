import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { SaveCaseInput } from '../../../../machines/case-editor/actors.ts';
import type { CaseRecord } from '../../../../machines/case-editor/case-editor.context.ts';
import { caseEditorMachine } from '../../../../machines/case-editor/case-editor.machine.ts';
import { navigateAnyway } from '../../components/unsaved/use-leave-guard.ts';
import { useToasts } from '../../shell/index.ts';
import { getCase, updateCase } from './api.ts';

/** The case editor machine with the real calls, toasts and navigation provided. */
export function useCaseEditor(caseId: number) {
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const latest = useRef({ t, common, notify, navigate });
  latest.current = { t, common, notify, navigate };

  const [machine] = useState(() =>
    caseEditorMachine.provide({
      actors: {
        loadCase: fromPromise<CaseRecord, { id: number }>(({ input }) => getCase(input.id)),
        saveCase: fromPromise<CaseRecord, SaveCaseInput>(({ input }) =>
          updateCase(input.id, input.version, input.changes),
        ),
      },
      actions: {
        navigate: (_, params) => navigateAnyway(latest.current.navigate, params.to, params.replace),
        reportSaved: () =>
          latest.current.notify({
            severity: 'success',
            title: latest.current.t('detail.saved'),
            message: '',
          }),
        reportFailure: (_, params) => {
          const { t: tr, common: c, notify: n } = latest.current;
          // Spec 2, section 8: 'Unable to load case' / 'Unable to update case' + 'Please try again later.'
          const title = params.operation === 'load' ? tr('errors.loadCase') : tr('errors.update');
          n({ severity: 'danger', title, message: c('tryAgainLater') });
        },
      },
    }),
  );
  return useActorRef(machine, { input: { caseId } });
}
