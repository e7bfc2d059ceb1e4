import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { useToasts } from '../../shell/index.ts';
import { type Contact, deleteContact, getContact, type ManagedContact, resendInvitation } from './api.ts';

/** The open person: role level, customers, permissions, invitation; edit, send again, delete (asking first). */
export function UserDetails({
  contact,
  customerNames,
  canManage,
  version,
  onEdit,
  onDeleted,
}: {
  contact: Contact;
  customerNames: ReadonlyMap<string, string>;
  canManage: boolean;
  /** Bumped after an edit, so the details load again. */
  version: number;
  onEdit(managed: ManagedContact): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('users');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [managed, setManaged] = useState<ManagedContact | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = contact.contact_id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a fresh load
  useEffect(() => {
    setManaged(null);
    if (!canManage) return;
    let live = true;
    // Out of the caller's reach (another customer's person, staff for a customer) is simply not managed here.
    getContact(id).then(
      (found) => live && setManaged(found),
      (error: unknown) => {
        const outOfReach = error instanceof ApiError && (error.status === 403 || error.status === 404);
        if (live && !outOfReach)
          notify({ severity: 'danger', title: t('errors.get'), message: common('tryAgainLater') });
      },
    );
    return () => {
      live = false;
    };
  }, [id, canManage, version]);

  const refused = (error: unknown) =>
    error instanceof ApiError && (error.status === 403 || error.status === 409)
      ? error.message
      : common('tryAgainLater');
  const remove = async () => {
    setBusy(true);
    try {
      await deleteContact(id);
      notify({ severity: 'success', title: t('delete.done'), message: contact.email });
      onDeleted();
    } catch (error) {
      notify({ severity: 'danger', title: t('errors.delete'), message: refused(error) });
      setBusy(false);
      setConfirming(false);
    }
  };
  const resend = async () => {
    try {
      setManaged(await resendInvitation(id));
      notify({ severity: 'success', title: t('details.resent'), message: contact.email });
    } catch (error) {
      notify({ severity: 'danger', title: t('errors.resend'), message: refused(error) });
    }
  };
  const customers =
    contact.role_level === 'Global'
      ? t('list.allCustomers')
      : contact.valid_customer_ids.map((c) => customerNames.get(c) ?? c).join(', ');

  return (
    <section className="details-pane" aria-labelledby="user-details-heading">
      <header className="details-pane__header">
        <h2 id="user-details-heading">{contact.name || contact.email}</h2>
        {managed && (
          <div className="button-row">
            <button type="button" className="button" onClick={() => onEdit(managed)}>
              {t('details.edit')}
            </button>
            {managed.invitation_pending && (
              <button type="button" className="button" onClick={resend}>
                {t('details.resend')}
              </button>
            )}
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              {t('details.delete')}
            </button>
          </div>
        )}
      </header>
      <dl className="facts">
        <div>
          <dt>{t('fields.email')}</dt>
          <dd>{contact.email}</dd>
        </div>
        <div>
          <dt>{t('fields.role_level')}</dt>
          <dd>{t(`roleLevel.${contact.role_level}`)}</dd>
        </div>
        <div>
          <dt>{t('fields.valid_customer_ids')}</dt>
          <dd>{customers || t('details.none')}</dd>
        </div>
        <div>
          <dt>{t('columns.last_login')}</dt>
          <dd>{contact.last_login ? <Timestamp iso={contact.last_login} /> : t('list.never')}</dd>
        </div>
        {managed && (
          <>
            <div>
              <dt>{t('fields.permissions')}</dt>
              <dd>{managed.permissions.map((p) => t(`permissions.${p}`)).join(', ') || t('details.none')}</dd>
            </div>
            <div>
              <dt>{t('details.state')}</dt>
              <dd>
                {managed.invitation_pending
                  ? t('details.invited')
                  : managed.provisioning
                    ? t('details.provisioning')
                    : t('details.active')}
              </dd>
            </div>
          </>
        )}
      </dl>
      {confirming && (
        <ConfirmDialog
          title={t('delete.title', { name: contact.name || contact.email })}
          confirmLabel={t('delete.confirm')}
          danger
          alert
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('delete.message', { email: contact.email })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
