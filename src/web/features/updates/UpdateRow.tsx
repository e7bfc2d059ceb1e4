import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { components } from '../../../api/schema.d.ts';
import { Badge } from '../../components/Badge.tsx';
import { MarkdownText } from '../../components/Markdown.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { CategoryBadge } from './CategoryBadge.tsx';

type PlatformUpdate = components['schemas']['PlatformUpdate'];

/** One update in the list: title, category, date, excerpt and the 'new' marker. */
export function UpdateRow({ update, isNew }: { update: PlatformUpdate; isNew: boolean }) {
  const { t } = useTranslation('updates');
  return (
    <li className={`update-row${isNew ? ' is-new' : ''}`}>
      <div className="update-row__head">
        <Link href={`/updates/${update.id}`} className="update-row__title">
          {update.title}
        </Link>
        {isNew && <Badge tone="accent">{t('new')}</Badge>}
      </div>
      <div className="update-row__meta">
        <CategoryBadge category={update.category} />
        <Timestamp iso={update.published_at ?? update.created_at} />
      </div>
      <MarkdownText className="update-row__excerpt" source={update.body} />
    </li>
  );
}
