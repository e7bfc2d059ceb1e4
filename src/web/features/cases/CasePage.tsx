import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  selectConfirmingLeave,
  selectDirty,
  selectDraft,
  selectFormState,
  selectLeft,
  selectRecord,
  selectView,
} from '../../../../machines/case-editor/selectors.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { Icon } from '../../components/Icon.tsx';
import { MessagePage } from '../../components/MessagePage.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage } from '../../shell/index.ts';
import { getCase } from './api.ts';
import { CaseActivity } from './CaseActivity.tsx';
import { CaseAlerts } from './CaseAlerts.tsx';
import { CaseDiscussions } from './CaseDiscussions.tsx';
import { CaseEditForm } from './CaseEditForm.tsx';
import { CaseHeader } from './CaseHeader.tsx';
import type { CasesCommandTarget } from './command-target.ts';
import './case-detail.css';
import { useCaseEditor } from './use-case-editor.ts';
import { useCaseTags } from './use-case-tags.ts';
import { usePeople } from './use-people.ts';

const parseId = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

/** /cases/:id, or 'Case with ID {id} not found' for an id that is not a case number. */
export function CasePage({ params }: ScreenProps) {
  const { t } = useTranslation('cases');
  const id = parseId(params.id);
  if (id === null || id < 1) {
    return <MessagePage icon="cases" title={t('detail.notFound', { id: params.id ?? '' })} />;
  }
  return <CaseDetail id={id} />;
}

/**
 * One case (spec 2, sections 2 "Cases", 4, 8 and 9), driven by the case editor machine: its
 * fields in an edit form saved with the version read, its 10 most recent alerts with assign and
 * unassign, its discussion, and one activity feed of its changes, comments and agent actions. Leaving with unsaved changes asks first.
 */
function CaseDetail({ id }: { id: number }) {
  const { t } = useTranslation('cases');
  const session = useSession();
  const active = useIsActivePage();
  const editor = useCaseEditor(id);
  const view = useSelector(editor, selectView);
  const record = useSelector(editor, selectRecord);
  const draft = useSelector(editor, selectDraft);
  const formState = useSelector(editor, selectFormState);
  const dirty = useSelector(editor, selectDirty);
  const confirming = useSelector(editor, selectConfirmingLeave);
  const left = useSelector(editor, selectLeft);
  const uid = useId();
  const { customerName, displayUser, assignable } = usePeople();
  const tags = useCaseTags(record ? [record.customer_id] : [], Boolean(record) && active);
  const users = useMemo(() => assignable(record?.customer_id ?? null), [assignable, record?.customer_id]);
  const [, navigate] = useLocation();
  // Esc goes back to the list (the registry's list.back); with unsaved changes the guard asks first.
  useListKeys({
    enabled: active,
    count: 0,
    focused: null,
    setFocused: () => undefined,
    onBack: () => navigate('/cases'),
  });

  // The open case is the palette's target (`>summarise` and the case commands act on it).
  const caseId = record?.id;
  const caseVersion = record?.version;
  const canChangeCase = record?.can_edit ?? false;
  const target = useMemo((): CasesCommandTarget | null => {
    if (!active || caseId === undefined || caseVersion === undefined) return null;
    return {
      kind: 'cases',
      ids: [caseId],
      versions: { [caseId]: caseVersion },
      canChange: canChangeCase,
      focusedId: caseId,
      refresh: () => {
        getCase(caseId)
          .then((fresh) => editor.send({ type: 'case-changed', record: fresh }))
          .catch(() => undefined);
      },
    };
  }, [active, caseId, caseVersion, canChangeCase, editor]);
  useProvideCommandTarget(target);

  // Back on a page that was left: start from the server's copy again.
  useEffect(() => {
    if (active && left) editor.send({ type: 'resume' });
  }, [active, left, editor]);
  // Back on a cached page with nothing unsaved: take what changed meanwhile, without a spinner.
  const wasActive = useRef(active);
  useEffect(() => {
    const returned = active && !wasActive.current;
    wasActive.current = active;
    if (!returned || left || editor.getSnapshot().matches('Loading')) return;
    getCase(id)
      .then((fresh) => editor.send({ type: 'case-changed', record: fresh }))
      .catch(() => undefined);
  }, [active, left, editor, id]);

  if (view === 'loading') {
    return (
      <div className="page-loading page-loading--inline slow-load-host">
        <Spinner size="large" label={t('detail.loading')} />
        <SlowLoadNotice loading />
      </div>
    );
  }
  if (view === 'notFound') return <MessagePage icon="cases" title={t('detail.notFound', { id })} />;
  if (view === 'loadFailed' || !record || !formState) {
    return (
      <MessagePage icon="alert-triangle" title={t('errors.loadCase')} tone="danger">
        <button type="button" className="button" onClick={() => editor.send({ type: 'reload' })}>
          {t('list.retry')}
        </button>
      </MessagePage>
    );
  }

  const staff = session.me?.user.role_level === 'Global';
  return (
    <div className="page-body case-page">
      <Link href="/cases" className="back-link">
        <Icon name="arrow-left" />
        {t('detail.back')}
      </Link>
      <CaseHeader record={record} customerName={customerName(record.customer_id)} />
      {formState === 'conflict' && (
        <div className="notice notice--danger case-page__conflict" role="alert">
          <p>{t('detail.conflict')}</p>
          <button type="button" className="button" onClick={() => editor.send({ type: 'reload' })}>
            {t('detail.reload')}
          </button>
        </div>
      )}
      <div className="two-panes case-page__grid">
        <section className="card" aria-labelledby={`${uid}-case-edit-title`}>
          <h2 id={`${uid}-case-edit-title`}>{t('detail.details')}</h2>
          {!record.can_edit && (
            <p className="notice case-page__read-only" role="note">
              {t('detail.readOnly')}
            </p>
          )}
          <CaseEditForm
            draft={draft}
            state={formState}
            dirty={dirty}
            canEdit={record.can_edit && formState !== 'conflict'}
            leave={{
              asking: confirming,
              request: (to, replace) => editor.send({ type: 'leave-requested', to, replace }),
              leave: () => editor.send({ type: 'confirm-leave' }),
              stay: () => editor.send({ type: 'stay' }),
            }}
            tagSuggestions={tags}
            userSuggestions={users}
            displayUser={displayUser}
            onEdit={(changes) => editor.send({ type: 'edit', changes })}
            onSave={() => editor.send({ type: 'save' })}
            onDiscard={() => editor.send({ type: 'discard' })}
          />
        </section>
        <div className="case-page__side">
          <CaseAlerts
            record={record}
            onChanged={(next) => editor.send({ type: 'case-changed', record: next })}
          />
          <CaseDiscussions caseId={record.id} active={active} canPost={record.can_edit} staff={staff} />
          <CaseActivity caseId={record.id} active={active} />
        </div>
      </div>
    </div>
  );
}
