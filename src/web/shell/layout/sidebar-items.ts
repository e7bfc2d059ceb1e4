import { labsOn } from '../../../common/labs.ts';
import type { IconName } from '../../components/Icon.tsx';
import type { SidebarGroup } from '../../features/feature.ts';
import { FEATURE_SIDEBAR } from '../../features/index.ts';
import { ROUTES, type RouteName } from '../../routes.ts';
import { mayAccess } from '../../session/access.ts';

/** A sidebar link's id: the areas' (their descriptors) and the shell's knowledge base. */
export type SidebarItemId = string;

/**
 * A sidebar link (spec 1, section 2.3): name, destination, icon, target and external flag; the
 * number badge comes from the counts. An external link always has a string destination.
 * `label` is the key of its name in the `routes` namespace.
 */
export type SidebarItem = {
  id: SidebarItemId;
  icon: IconName;
} & (
  | { external: false; to: string; route: RouteName; label: string; preview?: boolean }
  | { external: true; to: string; target: '_blank' }
);

export interface SidebarSubject {
  signedIn: boolean;
  /** Role level Global (provider staff). */
  staff?: boolean;
  permissions: readonly string[];
  admin: boolean;
  attributes: Record<string, unknown>;
}

const GROUP_ORDER: readonly SidebarGroup[] = ['first', 'second', 'third', 'conditional', 'last'];

/** The knowledge base's place in the second group: after search, reports and threat intel. */
const KNOWLEDGE_BASE_POSITION = 3;

/**
 * The sidebar's groups in order (spec 1, section 2.3), with what this user may see: the areas'
 * links (features/index.ts) in their groups by position, the knowledge base (an external link,
 * when configured) in the second. A link is shown to whoever may open its route (spec 1,
 * section 6: the route's access) and has its labs toggle on; signed out, only those marked so.
 */
export function sidebarGroups(subject: SidebarSubject, knowledgeBaseUrl: string | null): SidebarItem[][] {
  const routeAccess = (route: RouteName) => ROUTES.find((r) => r.name === route)?.access;
  const shown = (entry: (typeof FEATURE_SIDEBAR)[number]) =>
    labsOn(subject.attributes, entry.labs) &&
    (subject.signedIn ? mayAccess(routeAccess(entry.route), subject) : entry.signedOut === true);
  const placed = FEATURE_SIDEBAR.filter(shown).map((entry) => ({
    group: entry.group ?? 'first',
    position: entry.position,
    item: {
      id: entry.id,
      to: entry.to,
      route: entry.route,
      icon: entry.icon,
      label: entry.label ?? entry.route,
      ...(entry.preview ? { preview: true } : {}),
      external: false,
    } as SidebarItem,
  }));
  if (typeof knowledgeBaseUrl === 'string' && knowledgeBaseUrl !== '') {
    placed.push({
      group: 'second',
      position: KNOWLEDGE_BASE_POSITION,
      item: {
        id: 'knowledgeBase',
        to: knowledgeBaseUrl,
        icon: 'knowledge-base',
        external: true,
        target: '_blank',
      },
    });
  }
  return GROUP_ORDER.map((group) =>
    placed
      .filter((p) => p.group === group)
      .sort((a, b) => a.position - b.position)
      .map((p) => p.item),
  ).filter((group) => group.length > 0);
}
