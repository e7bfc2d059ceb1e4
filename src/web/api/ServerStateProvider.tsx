import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createConsoleQueryClient } from './query.ts';

/**
 * The cache of server answers, one per session: when the token changes (sign-out, a new sign-in,
 * the start or end of an impersonation) every cached answer is dropped and what is on screen asks
 * again, so nobody sees what was loaded for someone else.
 */
export function ServerStateProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const [client] = useState(createConsoleQueryClient);
  const [shown, setShown] = useState(token);
  useEffect(() => {
    if (token === shown) return;
    setShown(token);
    void client.resetQueries();
  }, [client, token, shown]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
