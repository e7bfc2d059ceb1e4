import type { ResourceStore, TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Labels = Record<string, string>;

const lookup = (labels: Labels, key: string | null | undefined) =>
  key === null || key === undefined ? '' : (labels[key] ?? key);

function buildLabels(t: TFunction<'alerts'>) {
  const status = t('status', { returnObjects: true }) as Labels;
  const priority = t('priority', { returnObjects: true }) as Labels;
  const classification = t('classification', { returnObjects: true }) as Labels;
  const column = t('column', { returnObjects: true }) as Labels;
  const action = t('actions.names', { returnObjects: true }) as Labels;
  const activity = t('activity.actions', { returnObjects: true }) as Labels;
  return {
    status: (key: string) => lookup(status, key),
    priority: (key: string) => lookup(priority, key),
    classification: (key: string | null) => lookup(classification, key),
    column: (key: string) => lookup(column, key),
    action: (key: string) => lookup(action, key),
    activity: (key: string) => lookup(activity, key),
  };
}

export type LabelsApi = ReturnType<typeof buildLabels>;

// Reading six resource trees is costly, and the alert list mounts dozens of badges at once (each
// asking for labels): build them once per set of translations and language. Keyed by the store,
// as react-i18next hands every component its own wrapper of the i18next instance.
const built = new WeakMap<ResourceStore, Map<string, LabelsApi>>();

/**
 * Display names of statuses, priorities, classifications and columns. Each group is read as one
 * object (static keys, typed from en-GB); a value the console does not know shows as it came.
 */
export function useLabels(): LabelsApi {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.language;
  return useMemo(() => {
    let byLanguage = built.get(i18n.store);
    if (!byLanguage) {
      byLanguage = new Map();
      built.set(i18n.store, byLanguage);
    }
    let labels = byLanguage.get(language);
    if (!labels) {
      labels = buildLabels(t);
      byLanguage.set(language, labels);
    }
    return labels;
  }, [t, i18n, language]);
}
