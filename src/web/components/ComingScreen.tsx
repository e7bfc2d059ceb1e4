import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../routes.ts';
import { Icon, type IconName } from './Icon.tsx';

/**
 * The screen of an area whose API does not exist yet: its route's title, then what the area will
 * offer (its own words, from its namespace), so the link leads somewhere that says what is coming.
 */
export function ComingScreen({
  route,
  icon,
  lead,
  children,
}: {
  route: RouteName;
  icon: IconName;
  /** One sentence: what the area is for and that it comes in a later version. */
  lead: string;
  /** What it will offer, as a short list. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('routes');
  return (
    <div className="page-body">
      <header className="page-header">
        <h1>{t(route)}</h1>
      </header>
      <section className="placeholder">
        <Icon name={icon} size={28} className="placeholder__icon" />
        <div>
          <p>{lead}</p>
          {children}
        </div>
      </section>
    </div>
  );
}
