import { type LabsToggle, labsOn } from '../../../common/labs.ts';
import type { IconName } from '../../components/Icon.tsx';
import { FEATURE_SIDEBAR } from '../../features/index.ts';
import { ROUTES, type RouteName } from '../../routes.ts';
import { mayAccess } from '../../session/access.ts';

export type SidebarItemId =
  | 'dashboard'
  | 'alerts'
  | 'cases'
  | 'vulnerabilities'
  | 'agents'
  | 'search'
  | 'logRetention'
  | 'reports'
  | 'threat'
  | 'knowledgeBase'
  | 'customers'
  | 'domains'
  | 'users'
  | 'integrations'
  | 'escalations'
  | 'workflows';

/**
 * A sidebar link (spec 1, section 2.3): name, destination, icon, target and external flag; the
 * number badge comes from the counts. An external link always has a string destination.
 */
export type SidebarItem = {
  id: SidebarItemId;
  icon: IconName;
} & ({ external: false; to: string; route: RouteName } | { external: true; to: string; target: '_blank' });

export interface SidebarSubject {
  signedIn: boolean;
  /** Role level Global (provider staff). */
  staff?: boolean;
  permissions: readonly string[];
  admin: boolean;
  attributes: Record<string, unknown>;
}

/** The shell's own links that are labs features (spec 2, section 6): absent until switched on. */
export const SIDEBAR_LABS = {
  escalations: 'lab_escalations',
  workflows: 'lab_workflows',
} as const satisfies Partial<Record<SidebarItemId, LabsToggle>>;

const link = (
  id: SidebarItemId,
  to: string,
  route: RouteName,
  icon: IconName = id as IconName,
): SidebarItem => ({
  id,
  to,
  route,
  icon,
  external: false,
});

/**
 * The sidebar's groups in order (spec 1, section 2.3), with what this user may see: group 1,
 * group 2 (search, reports, threat intel, knowledge base), group 3, the conditional entries, then
 * the areas' links the spec does not place.
 */
export function sidebarGroups(subject: SidebarSubject, knowledgeBaseUrl: string | null): SidebarItem[][] {
  const signedIn = subject.signedIn;
  // A link is shown to whoever may open its route (spec 1, section 6: the route's access).
  const may = (route: RouteName) =>
    signedIn && mayAccess(ROUTES.find((r) => r.name === route)?.access, subject);
  const on = (toggle: LabsToggle | undefined) => labsOn(subject.attributes, toggle);
  // The features' links take their places in their groups (features/index.ts, sorted by position).
  const featureLinks = (group: 'first' | 'last') =>
    signedIn
      ? FEATURE_SIDEBAR.filter((e) => (e.group ?? 'first') === group && on(e.labs)).map((e) =>
          link(e.id, e.to, e.route, e.icon),
        )
      : [];
  const first = [link('dashboard', '/', 'dashboard'), ...featureLinks('first')];
  const second = [
    link('search', '/search', 'search'),
    link('reports', '/reports', 'reports'),
    link('threat', '/threat', 'threat_intel'),
  ];
  if (typeof knowledgeBaseUrl === 'string' && knowledgeBaseUrl !== '') {
    second.push({
      id: 'knowledgeBase',
      to: knowledgeBaseUrl,
      icon: 'knowledge-base',
      external: true,
      target: '_blank',
    });
  }
  const third = [
    link('customers', '/customers', 'customers'),
    link('domains', '/domains', 'domains'),
    link('users', '/users', 'users'),
  ];
  const conditional: SidebarItem[] = [];
  if (may('integrations')) conditional.push(link('integrations', '/integrations', 'integrations'));
  if (may('escalations') && on(SIDEBAR_LABS.escalations))
    conditional.push(link('escalations', '/escalations', 'escalations'));
  if (may('workflows') && on(SIDEBAR_LABS.workflows))
    conditional.push(link('workflows', '/workflows', 'workflows'));
  // Areas the spec names without a place among its groups (log retention) come after them.
  const last = featureLinks('last');
  return [first, second, third, conditional, last].filter((group) => group.length > 0);
}
