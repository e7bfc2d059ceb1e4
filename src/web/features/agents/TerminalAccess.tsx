import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../common/patterns.ts';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { Field } from '../../components/form/index.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import {
  grantTerminalCertificate,
  listTerminalCertificates,
  revokeTerminalCertificate,
  type TerminalCertificate,
} from './api.ts';

/**
 * Terminal certificates for every agent of the customer: an Owner grants one to a user by e-mail
 * (the certificate goes out by mail, never onto this screen) and revokes them, after confirming;
 * anyone else sees their own.
 */
export function TerminalAccess({ customerId }: { customerId: string }) {
  const { t } = useTranslation('agents');
  const uid = useId();
  const format = useFormatTimestamp();
  const certificates = asLoaded(useQuery(listTerminalCertificates(customerId)));
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = certificates.data?.certificates ?? [];
  const canGrant = certificates.data?.can_grant ?? false;

  const grant = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!isEmail(address)) {
      setProblem(t('terminalAccess.invalidEmail'));
      return;
    }
    setProblem('');
    setBusy(true);
    grantTerminalCertificate(customerId, address).then(
      () => {
        setBusy(false);
        setEmail('');
        setMessage(t('terminalAccess.granted', { email: address }));
        certificates.reload();
      },
      (error: unknown) => {
        setBusy(false);
        setProblem(
          error instanceof ApiError && error.status === 400
            ? t('terminalAccess.noSuchUser')
            : t('terminalAccess.failed'),
        );
      },
    );
  };

  const revoke = (certificate: TerminalCertificate) => {
    setConfirming(null);
    revokeTerminalCertificate(certificate.certificate_id).then(
      () => {
        setMessage(t('terminalAccess.revoked', { email: certificate.email }));
        certificates.reload();
      },
      () => setMessage(t('terminalAccess.failed')),
    );
  };

  return (
    <LoadedContent
      as="section"
      className="agent-page__section"
      load={certificates}
      empty={list.length === 0 && !canGrant}
      labels={{
        empty: t('terminalAccess.none'),
        loadFailed: t('terminalAccess.loadFailed'),
        retry: t('retry'),
      }}
      before={<h2>{t('terminalAccess.title')}</h2>}
    >
      {canGrant && (
        <form id={`${uid}-grant`} onSubmit={grant} noValidate className="agent-settings__grant">
          <p className="muted">{t('terminalAccess.explain')}</p>
          <Field label={t('terminalAccess.email')}>
            <input
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={problem !== ''}
              aria-describedby={problem ? `${uid}-problem` : undefined}
            />
          </Field>
          {problem && (
            <p id={`${uid}-problem`} className="field__error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('terminalAccess.grant')}
          </button>
        </form>
      )}
      <p role="status">{message}</p>
      {list.length === 0 ? (
        <p>{t('terminalAccess.none')}</p>
      ) : (
        <ul className="agent-diagnostics">
          {list.map((c) => (
            <li key={c.certificate_id}>
              <strong>{c.email}</strong> · {t(`terminalAccess.state.${c.state}`)} ·{' '}
              {t('terminalAccess.until', { when: format(c.expires_at) })}
              {canGrant &&
                c.state === 'active' &&
                (confirming === c.certificate_id ? (
                  <>
                    {' '}
                    {t('terminalAccess.confirmRevoke', { email: c.email })}{' '}
                    <button type="button" className="button button--primary" onClick={() => revoke(c)}>
                      {t('terminalAccess.yesRevoke')}
                    </button>{' '}
                    <button type="button" className="button" onClick={() => setConfirming(null)}>
                      {t('terminalAccess.keep')}
                    </button>
                  </>
                ) : (
                  <>
                    {' '}
                    <button type="button" className="button" onClick={() => setConfirming(c.certificate_id)}>
                      {t('terminalAccess.revoke', { email: c.email })}
                    </button>
                  </>
                ))}
            </li>
          ))}
        </ul>
      )}
    </LoadedContent>
  );
}
