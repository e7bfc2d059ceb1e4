import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Labels = Record<string, string>;

const lookup = (labels: Labels, key: string | null | undefined) =>
  key === null || key === undefined ? '' : (labels[key] ?? key);

/**
 * Display names of statuses, priorities, classifications and columns. Each group is read as one
 * object (static keys, typed from en-GB); a value the console does not know shows as it came.
 */
export function useLabels() {
  const { t, i18n } = useTranslation('alerts');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language
  return useMemo(() => {
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
  }, [t, i18n.language]);
}

export type LabelsApi = ReturnType<typeof useLabels>;
