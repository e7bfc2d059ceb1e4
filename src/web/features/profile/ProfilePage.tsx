import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationProperty } from 'wouter/use-browser-location';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Icon } from '../../components/Icon.tsx';
import { useSession } from '../../session/use-session.ts';
import { useShellData } from '../../shell/data/ShellDataProvider.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { useIsActivePage } from '../../shell/navigation/active-page.ts';
import { loadSignInSettings } from '../users/index.ts';
import { MdrProfile } from './MdrProfile.tsx';
import { PreferencesForm } from './PreferencesForm.tsx';
import { useSecretSequence } from './snake/use-secret-sequence.ts';

/** The hidden game, in its own chunk: only those who know the sequence load it. */
const SnakeDialog = lazy(() => import('./snake/SnakeDialog.tsx').then((m) => ({ default: m.SnakeDialog })));

/** The users area's sign-in settings, loaded with the profile (their own chunk). */
const SignInSettings = lazy(() => loadSignInSettings().then((component) => ({ default: component })));

/** The console's own identity provider lives at /idp; an external one keeps passwords itself. */
const isEmbeddedIdp = (issuer: string | null) => {
  try {
    return issuer !== null && new URL(issuer).pathname.replace(/\/+$/, '') === '/idp';
  } catch {
    return false;
  }
};

/** /profile: who the user is, their preferences, MDR profile and sign-in settings. */
export function ProfilePage(_: ScreenProps) {
  const { t } = useTranslation('profile');
  const { me } = useSession();
  const { issuer } = useShellData();
  const active = useIsActivePage();
  const hash = useLocationProperty(() => window.location.hash);
  const [playing, setPlaying] = useState(false);
  useSecretSequence(active && !playing, () => setPlaying(true));

  // /profile#mdr and /profile#security (user menu) land on their section.
  useEffect(() => {
    if (!active || !hash) return;
    const timer = setTimeout(
      () => document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' }),
      0,
    );
    return () => clearTimeout(timer);
  }, [active, hash]);

  if (!me) return null;
  const { user, partner } = me;
  return (
    <div className="page-body page-body--narrow">
      <header className="page-header profile-header">
        <Avatar email={user.email} name={user.name} size={56} />
        <div>
          <h1>{user.name || user.email}</h1>
          <p className="muted">
            {user.email} · {partner.name} ·{' '}
            {user.role_level === 'Global' ? t('roleGlobal') : t('roleCustomer')}
          </p>
        </div>
      </header>

      <section className="card" aria-labelledby="preferences-title">
        <h2 id="preferences-title">{t('preferences')}</h2>
        <PreferencesForm />
      </section>

      <section className="card" id="mdr" aria-labelledby="mdr-title">
        <h2 id="mdr-title">{t('mdr.title')}</h2>
        <MdrProfile />
      </section>

      <section className="card" id="security" aria-labelledby="security-title">
        <h2 id="security-title">{t('security.title')}</h2>
        <p>{t('security.text')}</p>
        {issuer && (
          <a href={issuer} target="_blank" rel="noopener noreferrer" className="button button--ghost">
            {t('security.manage')} <Icon name="external-link" size={12} />
          </a>
        )}
        <Suspense fallback={null}>
          <SignInSettings embeddedIdp={isEmbeddedIdp(issuer)} />
        </Suspense>
      </section>
      {playing && (
        <Suspense fallback={null}>
          <SnakeDialog onClose={() => setPlaying(false)} />
        </Suspense>
      )}
    </div>
  );
}
