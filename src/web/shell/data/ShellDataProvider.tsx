import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useSession } from '../../session/use-session.ts';
import { useTickerEvent } from '../ticker/TickerProvider.tsx';
import {
  type Agent,
  type Contact,
  type Customer,
  loadAgents,
  loadAuthConfig,
  loadContacts,
  loadCustomers,
  mergeAgents,
} from './load.ts';

/** Data the shell loads once after sign-in and keeps fresh (spec 1, section 3: primary data). */
export interface ShellData {
  customers: Customer[];
  contacts: Contact[];
  agents: Agent[];
  /** Which lists have arrived; counts show a spinner until then. */
  loaded: { customers: boolean; contacts: boolean; agents: boolean };
  /** The external knowledge base (support, help links); null when not configured. */
  knowledgeBaseUrl: string | null;
  /** The identity provider, where sign-in and authentication settings live. */
  issuer: string | null;
  /** When the agents were last fetched; the next refresh asks only for what changed since. */
  lastDataUpdateTime: string | null;
}

export const EMPTY_SHELL_DATA: ShellData = {
  customers: [],
  contacts: [],
  agents: [],
  loaded: { customers: false, contacts: false, agents: false },
  knowledgeBaseUrl: null,
  issuer: null,
  lastDataUpdateTime: null,
};

export const ShellDataContext = createContext<ShellData>(EMPTY_SHELL_DATA);

export function useShellData(): ShellData {
  return useContext(ShellDataContext);
}

function warn(what: string) {
  return (error: unknown) => console.warn(`Watchfloor: could not load ${what}`, error);
}

/**
 * Loads customers, users (contacts) and agents once a user is signed in. Every refresh (60 s)
 * merges the agents changed since the last update; every reload (5 minutes) fetches the customer
 * and user lists again past the server cache. Sign-out empties it all.
 */
export function ShellDataProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [data, setData] = useState<ShellData>(EMPTY_SHELL_DATA);
  const ready = status === 'ready';
  const live = useRef(false);
  const lastUpdate = useRef<string | null>(null);

  useEffect(() => {
    loadAuthConfig()
      .then((config) =>
        setData((d) => ({
          ...d,
          knowledgeBaseUrl: config.knowledge_base_url ?? null,
          issuer: config.issuer,
        })),
      )
      .catch(warn('the configuration'));
  }, []);

  useEffect(() => {
    live.current = ready;
    lastUpdate.current = null;
    setData((d) => ({ ...EMPTY_SHELL_DATA, knowledgeBaseUrl: d.knowledgeBaseUrl, issuer: d.issuer }));
    if (!ready) return;
    const startedAt = new Date().toISOString();
    loadCustomers()
      .then(
        (customers) =>
          live.current && setData((d) => ({ ...d, customers, loaded: { ...d.loaded, customers: true } })),
      )
      .catch(warn('customers'));
    loadContacts()
      .then(
        (contacts) =>
          live.current && setData((d) => ({ ...d, contacts, loaded: { ...d.loaded, contacts: true } })),
      )
      .catch(warn('users'));
    loadAgents()
      .then((agents) => {
        if (!live.current) return;
        lastUpdate.current = startedAt;
        setData((d) => ({
          ...d,
          agents,
          lastDataUpdateTime: startedAt,
          loaded: { ...d.loaded, agents: true },
        }));
      })
      .catch(warn('agents'));
    return () => {
      live.current = false;
    };
  }, [ready]);

  useTickerEvent('refresh', () => {
    const since = lastUpdate.current;
    if (!live.current || since === null) return;
    const startedAt = new Date().toISOString();
    loadAgents(since)
      .then((fresh) => {
        if (!live.current) return;
        lastUpdate.current = startedAt;
        setData((d) => ({ ...d, agents: mergeAgents(d.agents, fresh), lastDataUpdateTime: startedAt }));
      })
      .catch(warn('agents'));
  });

  useTickerEvent('reload', () => {
    if (!live.current) return;
    loadCustomers(true)
      .then((customers) => live.current && setData((d) => ({ ...d, customers })))
      .catch(warn('customers'));
    loadContacts(true)
      .then((contacts) => live.current && setData((d) => ({ ...d, contacts })))
      .catch(warn('users'));
  });

  return <ShellDataContext.Provider value={data}>{children}</ShellDataContext.Provider>;
}
