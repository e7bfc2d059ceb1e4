import { useMemo } from 'react';
import { accessSubject } from '../session/access.ts';
import { useSession } from '../session/SessionProvider.tsx';
import type { CommandEnv } from './palette-model.ts';
import { useCommandTarget } from './target.ts';

/** The palette's one door to the session (tests replace this module). */
export function useCommandEnv(): { env: CommandEnv; email: string | null } {
  const session = useSession();
  const target = useCommandTarget();
  const { status, permissions, admin, attributes, me } = session;
  const env = useMemo(
    () => ({
      signedIn: status === 'ready',
      subject: accessSubject(me, { permissions, admin, attributes }),
      target,
    }),
    [status, me, permissions, admin, attributes, target],
  );
  return { env, email: me?.user.email ?? null };
}
