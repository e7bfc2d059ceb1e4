import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { useConditionLabels } from './use-condition-labels.ts';

/** A mute's conditions in one line: every one must match ("Title contains “backup” and …"). */
export function ConditionSummary({ conditions }: { conditions: Mute['conditions'] }) {
  const { t } = useTranslation('mutes');
  const labels = useConditionLabels();
  return (
    <span className="condition-summary">
      {conditions.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions are an ordered list without ids
        <Fragment key={i}>
          {i > 0 && <span className="condition-summary__and"> {t('summary.and')} </span>}
          <span className="condition-summary__field">{labels.field(c.field)}</span>{' '}
          <span className="condition-summary__operator">{labels.operator(c.operator)}</span>{' '}
          <q className="condition-summary__value">{c.value}</q>
        </Fragment>
      ))}
    </span>
  );
}
