import { useTranslation } from 'react-i18next';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { TRUNCATE, truncate } from '../../../common/format.ts';
import { Timestamp } from '../../components/Timestamp.tsx';
import { ConditionSummary } from './ConditionSummary.tsx';
import { MuteStateBadge } from './MuteStateBadge.tsx';

export interface MuteListProps {
  mutes: readonly Mute[];
  /** The inactive list shows each mute's state (inactive or expired). */
  showState: boolean;
  cursor: number;
  selectedId: string | null;
  customerName(id: string): string;
  onSelect(mute: Mute, index: number): void;
}

/** Mutes as rows; each row is a button that opens the mute's details. */
export function MuteList({ mutes, showState, cursor, selectedId, customerName, onSelect }: MuteListProps) {
  const { t } = useTranslation('mutes');
  return (
    <ul className="mute-list" aria-label={showState ? t('tabs.inactive') : t('tabs.active')}>
      {mutes.map((mute, index) => (
        <li key={mute.id} data-row-index={index}>
          <button
            type="button"
            className={`mute-row${index === cursor ? ' is-current' : ''}${mute.id === selectedId ? ' is-selected' : ''}`}
            aria-current={mute.id === selectedId || undefined}
            onClick={() => onSelect(mute, index)}
          >
            <span className="mute-row__conditions">
              <ConditionSummary conditions={mute.conditions} />
            </span>
            <span className="mute-row__meta">
              {showState && <MuteStateBadge state={mute.state} />}
              <span>{truncate(customerName(mute.customer_id), TRUNCATE.customerName)}</span>
              {mute.state === 'active' && mute.expires_at && (
                <span>
                  {t('list.expires')} <Timestamp iso={mute.expires_at} />
                </span>
              )}
              {mute.state === 'active' && !mute.expires_at && <span>{t('list.never')}</span>}
              {mute.state !== 'active' && (
                <span>
                  {t('list.created')} <Timestamp iso={mute.created_at} />
                </span>
              )}
            </span>
            {mute.description && (
              <span className="mute-row__description">{truncate(mute.description, 80)}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
