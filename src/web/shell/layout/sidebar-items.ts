import { type LabsToggle, labsOn } from '../../../common/labs.ts';
import { type AccessRule, allows } from '../../../common/permissions.ts';
import type { IconName } from '../../components/Icon.tsx';
import { FEATURE_SIDEBAR } from '../../features/index.ts';
import type { RouteName } from '../../routes.ts';

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
  permissions: readonly string[];
  admin: boolean;
  attributes: Record<string, unknown>;
}

/** Spec 1, section 6: sidebar visibility of the conditional entries. */
export const SIDEBAR_RULES = {
  integrations: { globalScope: true, anyOf: ['read_all', 'read_integration'] },
  escalations: { globalScope: true, anyOf: ['read_all', 'read_escalation'] },
  workflows: { globalScope: true, anyOf: ['read_all', 'read_workflow'] },
} as const satisfies Record<string, AccessRule>;

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
  const may = (rule: AccessRule) => signedIn && allows(rule, subject);
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
  if (may(SIDEBAR_RULES.integrations))
    conditional.push(link('integrations', '/integrations', 'integrations'));
  if (may(SIDEBAR_RULES.escalations) && on(SIDEBAR_LABS.escalations))
    conditional.push(link('escalations', '/escalations', 'escalations'));
  if (may(SIDEBAR_RULES.workflows) && on(SIDEBAR_LABS.workflows))
    conditional.push(link('workflows', '/workflows', 'workflows'));
  // Areas the spec names without a place among its groups (log retention) come after them.
  const last = featureLinks('last');
  return [first, second, third, conditional, last].filter((group) => group.length > 0);
}
