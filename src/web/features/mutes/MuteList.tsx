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
  /** The row j/k moved to. */
  cursor: number | null;
  /** The mute whose details the panel shows. */
  openId: string | null;
  /** Mutes selected with x (the active list only); null where rows cannot be selected. */
  checked: ReadonlySet<string> | null;
  customerName(id: string): string;
  onOpen(mute: Mute, index: number): void;
  onToggle(index: number): void;
  onFocusRow(index: number): void;
  selectLabel(mute: Mute): string;
}

/**
 * Mutes as rows; each row is a button that opens the mute's details. Only the current row's
 * button is in the Tab order (j/k move between rows); a checkbox marks a selected mute.
 */
export function MuteList(props: MuteListProps) {
  const { mutes, showState, cursor, openId, checked, customerName } = props;
  const { t } = useTranslation('mutes');
  return (
    <ul className="mute-list" aria-label={showState ? t('tabs.inactive') : t('tabs.active')}>
      {mutes.map((mute, index) => {
        const current = index === (cursor ?? 0);
        const isChecked = checked?.has(mute.id) ?? false;
        return (
          <li
            key={mute.id}
            data-row-index={index}
            className={`mute-item list-row${isChecked ? ' is-selected' : ''}${cursor === index ? ' is-focused' : ''}`}
          >
            {checked && (
              <input
                type="checkbox"
                className="mute-item__check"
                tabIndex={-1}
                checked={isChecked}
                aria-label={props.selectLabel(mute)}
                onChange={() => props.onToggle(index)}
              />
            )}
            <button
              type="button"
              className={`mute-row${mute.id === openId ? ' is-open' : ''}`}
              tabIndex={current ? 0 : -1}
              aria-current={mute.id === openId || undefined}
              onFocus={() => props.onFocusRow(index)}
              onClick={() => props.onOpen(mute, index)}
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
        );
      })}
    </ul>
  );
}

/** Rows shown while the mutes load (spec 1, section 9: placeholder rows 10). */
export function MutePlaceholders() {
  return (
    <ul className="mute-list mute-list--placeholder" aria-hidden="true">
      {Array.from({ length: 10 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <li key={row} className="mute-item">
          <span className="mute-row">
            <span className="mute-skeleton mute-skeleton--wide" />
            <span className="mute-skeleton" />
          </span>
        </li>
      ))}
    </ul>
  );
}
