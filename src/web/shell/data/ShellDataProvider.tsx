import {
  createContext,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useSession } from '../../session/use-session.ts';
import { useTickerEvent } from '../ticker/TickerProvider.tsx';
import {
  type Agent,
  type Contact,
  type Customer,
  type Domain,
  getAuthConfig,
  listAgents,
  listContacts,
  listCustomers,
  listDomains,
  listVulnerabilities,
  mergeAgents,
  type Vulnerability,
} from './load.ts';

/** Data the shell loads once after sign-in and keeps fresh (spec 1, section 3: primary data). */
export interface ShellData {
  customers: Customer[];
  contacts: Contact[];
  agents: Agent[];
  /** The vulnerabilities report, per customer and OS, of every customer the user may see. */
  vulnerabilities: Vulnerability[];
  domains: Domain[];
  /** Which lists have arrived; counts show a spinner until then. */
  loaded: {
    customers: boolean;
    contacts: boolean;
    agents: boolean;
    vulnerabilities: boolean;
    domains: boolean;
  };
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
  vulnerabilities: [],
  domains: [],
  loaded: { customers: false, contacts: false, agents: false, vulnerabilities: false, domains: false },
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

/** The vulnerabilities and domains, for the sidebar's counts; read again on every reload. */
function loadLists(live: RefObject<boolean>, setData: Dispatch<SetStateAction<ShellData>>) {
  listVulnerabilities()
    .then(
      (vulnerabilities) =>
        live.current &&
        setData((d) => ({ ...d, vulnerabilities, loaded: { ...d.loaded, vulnerabilities: true } })),
    )
    .catch(warn('vulnerabilities'));
  listDomains()
    .then(
      (domains) =>
        live.current && setData((d) => ({ ...d, domains, loaded: { ...d.loaded, domains: true } })),
    )
    .catch(warn('domains'));
}

/**
 * Loads customers, users (contacts), agents, vulnerabilities and domains once a user is signed
 * in. Every refresh (60 s) merges the agents changed since the last update; every reload (5
 * minutes) fetches the customer and user lists again past the server cache, and the
 * vulnerabilities and domains. Sign-out empties it all.
 */
export function ShellDataProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [data, setData] = useState<ShellData>(EMPTY_SHELL_DATA);
  const ready = status === 'ready';
  const live = useRef(false);
  const lastUpdate = useRef<string | null>(null);

  useEffect(() => {
    getAuthConfig()
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
    listCustomers()
      .then(
        (customers) =>
          live.current && setData((d) => ({ ...d, customers, loaded: { ...d.loaded, customers: true } })),
      )
      .catch(warn('customers'));
    listContacts()
      .then(
        (contacts) =>
          live.current && setData((d) => ({ ...d, contacts, loaded: { ...d.loaded, contacts: true } })),
      )
      .catch(warn('users'));
    loadLists(live, setData);
    listAgents()
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
    listAgents(since)
      .then((fresh) => {
        if (!live.current) return;
        lastUpdate.current = startedAt;
        setData((d) => ({ ...d, agents: mergeAgents(d.agents, fresh), lastDataUpdateTime: startedAt }));
      })
      .catch(warn('agents'));
  });

  useTickerEvent('reload', () => {
    if (!live.current) return;
    listCustomers(true)
      .then((customers) => live.current && setData((d) => ({ ...d, customers })))
      .catch(warn('customers'));
    listContacts(true)
      .then((contacts) => live.current && setData((d) => ({ ...d, contacts })))
      .catch(warn('users'));
    loadLists(live, setData);
  });

  return <ShellDataContext.Provider value={data}>{children}</ShellDataContext.Provider>;
}
