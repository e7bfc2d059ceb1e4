import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../../api/loaded.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { LoadedContent } from '../../../components/table/LoadedContent.tsx';
import { changeUpdate, deleteUpdate, listUpdateDrafts, type PlatformUpdate } from '../api.ts';
import { CategoryBadge } from '../CategoryBadge.tsx';
import { UpdateForm } from './UpdateForm.tsx';
import '../../../admin/admin.css';

/**
 * Platform updates authoring: drafts and published updates; write, edit, publish or withdraw,
 * and delete (asking first). Published ones appear on /updates and count on its badge.
 */
export function UpdatesPanel() {
  const { t } = useTranslation('updates');
  const query = useQuery(listUpdateDrafts());
  const updates = asLoaded(query);
  const [form, setForm] = useState<{ update: PlatformUpdate | null } | null>(null);
  const [deleting, setDeleting] = useState<PlatformUpdate | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const reload = () => void query.refetch();
  // A deleted row takes its buttons with it: the focus goes back to the top of the tab, not to the page.
  const newButton = useRef<HTMLButtonElement>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      setNotice({ tone: 'success', text: done });
      reload();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setNotice({ tone: 'danger', text: t('admin.saveFailed', { reason }) });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const items = updates.data ?? [];
  return (
    <>
      <div className="admin-panel__bar">
        <p className="muted">{t('admin.intro')}</p>
        <button
          ref={newButton}
          type="button"
          className="button button--primary"
          onClick={() => setForm({ update: null })}
        >
          {t('admin.new')}
        </button>
      </div>
      {notice && (
        <p className={`notice notice--${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <LoadedContent
        load={updates}
        empty={items.length === 0}
        labels={{
          empty: t('admin.empty'),
          loadFailed: t('admin.error'),
          retry: t('admin.retry'),
          loading: t('admin.loading'),
        }}
      >
        <table className="table admin-table">
          <caption className="sr-only">{t('admin.label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.columns.title')}</th>
              <th scope="col">{t('admin.columns.category')}</th>
              <th scope="col">{t('admin.columns.published')}</th>
              <th scope="col">
                <span className="sr-only">{t('admin.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((u) => (
              <tr key={u.id}>
                <th scope="row">{u.title}</th>
                <td>
                  <CategoryBadge category={u.category} />
                </td>
                <td>{u.published_at ? <Timestamp iso={u.published_at} /> : t('admin.draft')}</td>
                <td className="admin-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={t('admin.editLabel', { title: u.title })}
                    onClick={() => setForm({ update: u })}
                  >
                    {t('admin.edit')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={t(u.published_at ? 'admin.unpublishLabel' : 'admin.publishLabel', {
                      title: u.title,
                    })}
                    onClick={() =>
                      void run(
                        () => changeUpdate(u.id, { published: !u.published_at }),
                        t(u.published_at ? 'admin.unpublished' : 'admin.published', { title: u.title }),
                      )
                    }
                  >
                    {u.published_at ? t('admin.unpublish') : t('admin.publish')}
                  </button>
                  <button
                    type="button"
                    className="button button--danger"
                    aria-label={t('admin.deleteLabel', { title: u.title })}
                    onClick={() => setDeleting(u)}
                  >
                    {t('admin.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </LoadedContent>
      {form && (
        <UpdateForm
          update={form.update}
          onClose={() => setForm(null)}
          onSaved={(saved) => {
            setForm(null);
            setNotice({ tone: 'success', text: t('admin.saved', { title: saved.title }) });
            reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('admin.confirmDeleteTitle')}
          confirmLabel={t('admin.delete')}
          danger
          busy={busy}
          onConfirm={() =>
            void run(() => deleteUpdate(deleting.id), t('admin.deleted', { title: deleting.title }))
          }
          onCancel={() => setDeleting(null)}
        >
          <p>{t('admin.confirmDeleteBody', { title: deleting.title })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
