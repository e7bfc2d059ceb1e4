import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session.ts';
import { useSelectedCustomers } from '../customers/SelectedCustomersProvider.tsx';
import { useShellData } from '../data/ShellDataProvider.tsx';
import { useOpenCounts } from '../data/use-open-counts.ts';
import { SidebarLink } from './SidebarLink.tsx';
import { type SidebarItemId, sidebarGroups } from './sidebar-items.ts';

/** Badges by sidebar link id. */
type Counts = Partial<Record<SidebarItemId, number | null>>;

/** Spec 1, section 2.3: alerts and cases asked of the server; the rest counted from loaded data. */
function useSidebarCounts(ready: boolean): Counts {
  const { agents, customers, contacts, vulnerabilities, domains, loaded } = useShellData();
  const { selected } = useSelectedCustomers();
  const open = useOpenCounts();
  if (!ready) return {};
  const inSelection = (customerId: string) => selected.length === 0 || selected.includes(customerId);
  return {
    alerts: open.alerts,
    cases: open.cases,
    // The findings the selected customers' agents reported (vulnerable_count per customer and OS).
    vulnerabilities: loaded.vulnerabilities
      ? vulnerabilities
          .filter((v) => inSelection(v.customer_id))
          .reduce((sum, v) => sum + v.vulnerable_count, 0)
      : null,
    agents: loaded.agents ? agents.filter((a) => inSelection(a.customer_id)).length : null,
    domains: loaded.domains ? domains.filter((d) => inSelection(d.customerId)).length : null,
    customers: loaded.customers ? selected.length || customers.length : null,
    users: loaded.contacts ? contacts.length : null,
  };
}

/** The main navigation (spec 1, section 2.3): groups in order, live counts, permission rules. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { t: routes } = useTranslation('routes');
  const session = useSession();
  const { knowledgeBaseUrl } = useShellData();
  const counts = useSidebarCounts(session.status === 'ready');
  const groups = sidebarGroups(
    {
      signedIn: session.status !== 'signedOut',
      staff: session.me?.user.role_level === 'Global',
      permissions: session.permissions,
      admin: session.admin,
      attributes: session.attributes as Record<string, unknown>,
    },
    knowledgeBaseUrl,
  );
  return (
    <nav className="sidebar" aria-label={t('sidebar.label')} id="sidebar">
      {groups.map((group) => (
        <ul key={group[0]!.id} className="sidebar__group">
          {group.map((item) => (
            <li key={item.id}>
              <SidebarLink
                item={item}
                label={item.external ? t('sidebar.knowledgeBase') : routes(item.label as never)}
                tag={!item.external && item.preview ? t('sidebar.preview') : undefined}
                count={counts[item.id]}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </ul>
      ))}
    </nav>
  );
}
