import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { definitionOf, unsupportedSteps } from '../../../../machines/workflow-drafts/draft.ts';
import {
  selectActions,
  selectCanPublish,
  selectCanSave,
  selectConfirmingLeave,
  selectConfirmingTrigger,
  selectDirty,
  selectDraft,
  selectErrors,
  selectFormState,
  selectHasUnpublished,
  selectLeft,
  selectPendingTrigger,
  selectRecord,
  selectView,
} from '../../../../machines/workflow-drafts/selectors.ts';
import type { DraftKind } from '../../../../machines/workflow-drafts/workflow-drafts.context.ts';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useFocusFirstInvalid } from '../../components/form/index.ts';
import { Icon } from '../../components/Icon.tsx';
import { MessagePage } from '../../components/MessagePage.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { TabList } from '../../components/TabList.tsx';
import { ConfirmLeaveDialog } from '../../components/unsaved/ConfirmLeaveDialog.tsx';
import { navigateAnyway, useLeaveGuard } from '../../components/unsaved/use-leave-guard.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useCan } from '../../session/use-can.ts';
import { useIsActivePage, useToasts } from '../../shell/index.ts';
import { listWorkflowTriggers, pauseWorkflow, type WorkflowRecord } from './api.ts';
import type { WorkflowCommandTarget } from './command-target.ts';
import { FlowGraph } from './FlowGraph.tsx';
import { RunsPanel } from './RunsPanel.tsx';
import { SaveAsTemplateDialog } from './SaveAsTemplateDialog.tsx';
import { StepList } from './StepList.tsx';
import { TestRunPanel } from './TestRunPanel.tsx';
import { useWorkflowEditor } from './use-workflow-editor.ts';
import { VersionsPanel } from './VersionsPanel.tsx';
import { WorkflowSettings } from './WorkflowSettings.tsx';
import './workflows.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Panel = 'test' | 'versions' | 'runs';
const PANELS: readonly Panel[] = ['test', 'versions', 'runs'];

/** /workflows/:uid (spec 2, section 2). A 404, or an id that is not one, shows as empty (section 8). */
export function WorkflowEditorPage({ params }: ScreenProps) {
  return <EditorFor kind="workflow" id={params.uid ?? ''} />;
}

/** /workflows/templates/:uid: the same editor in template mode (no customers, no publish). */
export function TemplateEditorPage({ params }: ScreenProps) {
  return <EditorFor kind="template" id={params.uid ?? ''} />;
}

function EditorFor({ kind, id }: { kind: DraftKind; id: string }) {
  const { t } = useTranslation('workflows');
  if (!UUID.test(id))
    return (
      <MessagePage
        icon="workflows"
        title={t(kind === 'template' ? 'editor.templateNotFound' : 'editor.notFound')}
      />
    );
  return <WorkflowEditor key={`${kind}:${id}`} kind={kind} id={id} />;
}

/**
 * The workflow editor, keyboard first, driven by the workflow-drafts machine: the workflow's
 * fields and trigger, its steps as an ordered list of forms drawn from each action's declared
 * parameters, the flow drawn read-only, then a test run, the version history with a diff and
 * the run history. Ctrl/Cmd+S saves the draft; Ctrl/Cmd+Enter publishes; Esc goes back to the list.
 */
function WorkflowEditor({ kind, id }: { kind: DraftKind; id: string }) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const can = useCan();
  const active = useIsActivePage();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const editor = useWorkflowEditor(kind, id);
  const view = useSelector(editor, selectView);
  const record = useSelector(editor, selectRecord);
  const actions = useSelector(editor, selectActions);
  const draft = useSelector(editor, selectDraft);
  const formState = useSelector(editor, selectFormState);
  const dirty = useSelector(editor, selectDirty);
  const canSave = useSelector(editor, selectCanSave);
  const canPublish = useSelector(editor, selectCanPublish);
  const unpublished = useSelector(editor, selectHasUnpublished);
  const errors = useSelector(editor, selectErrors);
  const confirmingTrigger = useSelector(editor, selectConfirmingTrigger);
  const pendingTrigger = useSelector(editor, selectPendingTrigger);
  const confirmingLeave = useSelector(editor, selectConfirmingLeave);
  const left = useSelector(editor, selectLeft);
  const triggers = asLoaded(useQuery(listWorkflowTriggers())).data ?? [];
  const focus = useFocusFirstInvalid<HTMLFormElement>();
  const [panel, setPanel] = useState<Panel>('test');
  const [pausing, setPausing] = useState(false);
  const [savingAs, setSavingAs] = useState(false);
  const home = kind === 'template' ? '/workflows/templates' : '/workflows';
  const mayChange = can(kind === 'template' ? 'updateWorkflowTemplate' : 'updateWorkflow');

  useListKeys({
    enabled: active,
    count: 0,
    focused: null,
    setFocused: () => undefined,
    onBack: () => navigate(home),
  });
  useLeaveGuard(dirty && active, (to, replace) => editor.send({ type: 'leave-requested', to, replace }));
  useEffect(() => {
    if (active && left) editor.send({ type: 'resume' });
  }, [active, left, editor]);

  const workflow =
    kind === 'workflow' && record && 'workflow_id' in record ? (record as WorkflowRecord) : null;
  const save = () => {
    editor.send({ type: 'save' });
    if (!canSave && dirty) focus.request();
  };
  const publish = () => {
    editor.send({ type: 'publish' });
    if (!canPublish) focus.request();
  };
  const togglePause = async () => {
    if (!workflow || workflow.state === 'draft') return;
    setPausing(true);
    try {
      const next = await pauseWorkflow(workflow.workflow_id, workflow.state !== 'paused');
      editor.send({ type: 'record-changed', record: next });
      notify({
        severity: 'success',
        title: t(next.state === 'paused' ? 'editor.paused' : 'editor.resumed'),
        message: '',
      });
    } catch (e) {
      notify({ severity: 'danger', title: t('errors.pause'), message: (e as Error).message });
    } finally {
      setPausing(false);
    }
  };
  const showTest = () => {
    setPanel('test');
    requestAnimationFrame(() =>
      document.getElementById(`${uid}-panel-test`)?.querySelector<HTMLElement>('input')?.focus(),
    );
  };
  // The palette's `>workflow` reaches the same handlers as the buttons, as they are now.
  const handlers = useRef({ publish, togglePause, showTest });
  handlers.current = { publish, togglePause, showTest };
  const target = useMemo((): WorkflowCommandTarget | null => {
    if (!workflow || !mayChange) return null;
    return {
      kind: 'workflow',
      actions: {
        'workflow.act': (args) => {
          const h = handlers.current;
          if (args[0] === 'test') h.showTest();
          else if (args[0] === 'pause') {
            if (workflow.state === 'published') void h.togglePause();
          } else if (workflow.state === 'paused') void h.togglePause();
          else h.publish();
        },
      },
    };
  }, [workflow, mayChange]);
  useProvideCommandTarget(active ? target : null);

  if (view === 'loading') {
    return (
      <div className="page-loading page-loading--inline">
        <Spinner size="large" label={t('loading')} />
      </div>
    );
  }
  if (view === 'notFound')
    return (
      <MessagePage
        icon="workflows"
        title={t(kind === 'template' ? 'editor.templateNotFound' : 'editor.notFound')}
      />
    );
  if (view === 'loadFailed' || !record || !formState) {
    return (
      <MessagePage icon="alert-triangle" title={t('errors.loadOne')} tone="danger">
        <button type="button" className="button" onClick={() => editor.send({ type: 'reload' })}>
          {t('retry')}
        </button>
      </MessagePage>
    );
  }

  const locked = !mayChange || ['saving', 'publishing', 'conflict'].includes(formState);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    if (event.key === 's') {
      event.preventDefault();
      save();
    } else if (event.key === 'Enter' && kind === 'workflow') {
      event.preventDefault();
      publish();
    }
  };
  const stateText = workflow
    ? workflow.state !== 'draft' && unpublished
      ? t('list.stateWithChanges', { state: t(`state.${workflow.state}`) })
      : t(`state.${workflow.state}`)
    : t('templates.template');
  const dropping = pendingTrigger ? unsupportedSteps(draft, pendingTrigger, actions) : [];

  return (
    <div className="page-body workflow-editor">
      <Link href={home} className="back-link">
        <Icon name="arrow-left" />
        {t(kind === 'template' ? 'templates.back' : 'editor.back')}
      </Link>
      <header className="workflow-editor__header">
        <h1>{record.name || t('list.untitled')}</h1>
        <span className="badge" data-testid="workflow-state">
          {stateText}
        </span>
        {workflow?.published_version && (
          <span className="muted">{t('editor.runningVersion', { version: workflow.published_version })}</span>
        )}
      </header>
      {formState === 'conflict' && (
        <div className="notice notice--danger" role="alert">
          <p>{t('editor.conflict')}</p>
          <button type="button" className="button" onClick={() => editor.send({ type: 'reload' })}>
            {t('editor.reload')}
          </button>
        </div>
      )}
      <div className="two-panes workflow-editor__grid">
        <form
          ref={focus.ref}
          className="form workflow-editor__form card"
          noValidate
          aria-label={t(kind === 'template' ? 'templates.editLabel' : 'editor.editLabel')}
          onKeyDown={onKeyDown}
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <WorkflowSettings
            kind={kind}
            draft={draft}
            errors={errors}
            triggers={triggers}
            locked={locked}
            onEdit={(changes) => editor.send({ type: 'edit', changes })}
            onTrigger={(triggerId) => editor.send({ type: 'change-trigger', triggerId })}
          />
          <StepList
            draft={draft}
            actions={actions}
            errors={errors}
            locked={locked}
            onAdd={(actionId) => editor.send({ type: 'add-step', actionId })}
            onRemove={(index) => editor.send({ type: 'remove-step', index })}
            onMove={(index, by) => editor.send({ type: 'move-step', index, by })}
            onChange={(index, values) => editor.send({ type: 'edit-step', index, values })}
          />
          {mayChange && (
            <div className="workflow-editor__footer">
              <button
                type="button"
                className="button"
                disabled={!dirty || locked}
                onClick={() => editor.send({ type: 'discard' })}
              >
                {t('editor.discard')}
              </button>
              <button type="submit" className="button" disabled={!dirty || locked}>
                {formState === 'saving'
                  ? t('editor.saving')
                  : t(kind === 'template' ? 'templates.save' : 'editor.saveDraft')}
              </button>
              {workflow && can('publishWorkflow') && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={!unpublished || locked}
                  onClick={publish}
                >
                  {formState === 'publishing' ? t('editor.publishing') : t('editor.publish')}
                </button>
              )}
              {can('createWorkflowTemplate') && (
                <button
                  type="button"
                  className="button"
                  disabled={formState === 'saving' || formState === 'publishing'}
                  onClick={() => setSavingAs(true)}
                >
                  {t(kind === 'template' ? 'saveAs.buttonCopy' : 'saveAs.button')}
                </button>
              )}
              {workflow && workflow.state !== 'draft' && can('pauseWorkflow') && (
                <button
                  type="button"
                  className="button"
                  disabled={pausing}
                  onClick={() => void togglePause()}
                >
                  {workflow.state === 'paused' ? t('editor.resume') : t('editor.pause')}
                </button>
              )}
            </div>
          )}
          {kind === 'workflow' && <p className="field__help">{t('editor.draftsDoNotRun')}</p>}
        </form>
        <div className="workflow-editor__side">
          <section className="card" aria-labelledby={`${uid}-graph`}>
            <h2 id={`${uid}-graph`}>{t('graph.title')}</h2>
            <FlowGraph draft={draft} actions={actions} />
          </section>
          {workflow && (
            <section className="card">
              <TabList<Panel>
                label={t('editor.panels')}
                tabs={PANELS}
                selected={panel}
                onChange={setPanel}
                tabId={(p) => `${uid}-tab-${p}`}
                panelId={(p) => `${uid}-panel-${p}`}
              >
                {(p) => t(`panels.${p}`)}
              </TabList>
              <div id={`${uid}-panel-${panel}`} role="tabpanel" aria-labelledby={`${uid}-tab-${panel}`}>
                {panel === 'test' && (
                  <TestRunPanel
                    workflowId={workflow.workflow_id}
                    disabled={dirty || !can('testWorkflow')}
                    beforeTest={dirty ? t('test.saveFirst') : null}
                  />
                )}
                {panel === 'versions' && <VersionsPanel workflowId={workflow.workflow_id} />}
                {panel === 'runs' && (
                  <RunsPanel workflowId={workflow.workflow_id} canChange={can('rerunWorkflowRun')} />
                )}
              </div>
            </section>
          )}
        </div>
      </div>
      {confirmingTrigger && (
        <ConfirmDialog
          title={t('trigger.confirmTitle')}
          confirmLabel={t('trigger.confirm')}
          danger
          alert
          onConfirm={() => editor.send({ type: 'confirm-trigger' })}
          onCancel={() => editor.send({ type: 'keep-trigger' })}
        >
          <p>{t('trigger.confirmMessage', { count: dropping.length })}</p>
          <ul>
            {dropping.map((s) => (
              <li key={s.id}>{s.id}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
      {savingAs && (
        <SaveAsTemplateDialog
          definition={definitionOf(draft, actions)}
          suggestedName={draft.name.trim() || record.name}
          onClose={() => setSavingAs(false)}
          onSaved={(template) => {
            setSavingAs(false);
            // The copy holds the edits; the template it was made from stays as last saved.
            if (kind === 'template')
              navigateAnyway(navigate, `/workflows/templates/${template.template_id}`, false);
          }}
        />
      )}
      {confirmingLeave && (
        <ConfirmLeaveDialog
          message={t('editor.leaveMessage')}
          onLeave={() => editor.send({ type: 'confirm-leave' })}
          onStay={() => editor.send({ type: 'stay' })}
        />
      )}
    </div>
  );
}
