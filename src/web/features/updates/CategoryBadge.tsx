import { useTranslation } from 'react-i18next';
import type { components } from '../../../api/schema.d.ts';
import { Badge, type BadgeTone } from '../../components/Badge.tsx';

type Category = components['schemas']['PlatformUpdate']['category'];

const CATEGORIES = {
  agent_release: { key: 'categories.agentRelease', tone: 'info' },
  announcement: { key: 'categories.announcement', tone: 'accent' },
  platform_update: { key: 'categories.platformUpdate', tone: 'neutral' },
  maintenance: { key: 'categories.maintenance', tone: 'warning' },
  new_alert_type: { key: 'categories.newAlertType', tone: 'danger' },
  platform_feature: { key: 'categories.platformFeature', tone: 'success' },
} as const satisfies Record<Category, { key: string; tone: BadgeTone }>;

export function CategoryBadge({ category }: { category: Category }) {
  const { t } = useTranslation('updates');
  const { key, tone } = CATEGORIES[category];
  return <Badge tone={tone}>{t(key)}</Badge>;
}
