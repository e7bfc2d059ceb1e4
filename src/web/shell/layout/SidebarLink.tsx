import { Link, useLocation } from 'wouter';
import { compactNumber } from '../../../common/format.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSlowRoute } from '../navigation/route-loading.ts';
import type { SidebarItem } from './sidebar-items.ts';

export interface SidebarLinkProps {
  item: SidebarItem;
  label: string;
  /** A short tag after the label, e.g. 'Preview' for cases (spec 1, section 1). */
  tag?: string;
  /** undefined: no badge; null: still loading (spinner); a number: the badge. */
  count?: number | null;
  onNavigate?: () => void;
}

function isCurrent(location: string, to: string) {
  return to === '/' ? location === '/' : location === to || location.startsWith(`${to}/`);
}

/** One sidebar entry; its icon turns into a small spinner while its route loads slowly. */
export function SidebarLink({ item, label, tag, count, onNavigate }: SidebarLinkProps) {
  const [location] = useLocation();
  const slow = useSlowRoute(item.external ? undefined : item.route);
  const content = (
    <>
      <span className="sidebar__icon">
        {slow ? <Spinner label={null} /> : <Icon name={item.icon} size={18} />}
      </span>
      <span className="sidebar__label">{label}</span>
      {tag && <span className="sidebar__tag">{tag}</span>}
      {item.external && <Icon name="external-link" size={12} className="sidebar__external" />}
      {count !== undefined && (
        <span className="sidebar__count" data-count-for={item.id}>
          {count === null ? <Spinner label={null} /> : compactNumber(count)}
        </span>
      )}
    </>
  );
  if (item.external) {
    return (
      <a
        href={item.to}
        target={item.target}
        rel="noopener noreferrer"
        className="sidebar__link"
        title={label}
      >
        {content}
      </a>
    );
  }
  const current = isCurrent(location, item.to);
  return (
    <Link
      href={item.to}
      className={`sidebar__link${current ? ' is-current' : ''}`}
      aria-current={current ? 'page' : undefined}
      title={label}
      onClick={onNavigate}
    >
      {content}
    </Link>
  );
}
