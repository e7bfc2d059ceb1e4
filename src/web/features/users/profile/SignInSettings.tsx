import { ApiKeys } from './ApiKeys.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { SessionsList } from './SessionsList.tsx';

/** The profile's login and authentication settings: password, sessions, API keys. */
export function SignInSettings({ embeddedIdp }: { embeddedIdp: boolean }) {
  return (
    <>
      {embeddedIdp && <PasswordForm />}
      <SessionsList />
      <ApiKeys />
    </>
  );
}
