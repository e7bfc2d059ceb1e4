import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MuteOperator } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';

/** Readable names of condition fields and operators; raw-data paths show as they are. */
export function useConditionLabels() {
  const { t } = useTranslation('mutes');
  const field = (name: string): string => {
    switch (name) {
      case 'title':
        return t('fields.title');
      case 'type':
        return t('fields.type');
      case 'priority':
        return t('fields.priority');
      case 'host_name':
        return t('fields.host_name');
      case 'external_source':
        return t('fields.external_source');
      default:
        return name;
    }
  };
  const operator = (name: MuteOperator): string => {
    switch (name) {
      case 'equals':
        return t('operators.equals');
      case 'not_equals':
        return t('operators.not_equals');
      case 'contains':
        return t('operators.contains');
      case 'starts_with':
        return t('operators.starts_with');
      case 'regex':
        return t('operators.regex');
    }
  };
  // The same functions while the language stays, so the lists' columns are not built anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: field and operator read only t
  return useMemo(() => ({ field, operator }), [t]);
}
