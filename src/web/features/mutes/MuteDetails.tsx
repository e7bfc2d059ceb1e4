import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { Timestamp } from '../../components/Timestamp.tsx';
import { MuteStateBadge } from './MuteStateBadge.tsx';
import { useConditionLabels } from './use-condition-labels.ts';

export interface MuteDetailsProps {
  /** Id of the heading, which also names the panel. */
  titleId: string;
  mute: Mute;
  customerName: string;
  busy: boolean;
  /** Edit and unmute are offered only to those who may change mutes. */
  canChange: boolean;
  onEdit(): void;
  onUnmute(): void;
}

/** A mute's details: its conditions (all must match), description, expiry, author and source alert. */
export function MuteDetails(props: MuteDetailsProps) {
  const { titleId, mute, customerName, busy, canChange, onEdit, onUnmute } = props;
  const { t } = useTranslation('mutes');
  const labels = useConditionLabels();
  const uid = useId();
  // Back from the edit form (saved or cancelled), the focus lands here rather than nowhere.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, []);
  return (
    <div className="mute-details">
      <div className="mute-details__head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t('details.title')}
        </h2>
        <MuteStateBadge state={mute.state} />
      </div>
      <section aria-labelledby={`${uid}-mute-conditions-title`}>
        <h3 id={`${uid}-mute-conditions-title`} className="mute-details__label">
          {t('details.conditions')}
        </h3>
        <p className="field__help">{t('details.allMustMatch')}</p>
        <ol className="mute-conditions">
          {mute.conditions.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions are an ordered list without ids
            <li key={i}>
              <code>{labels.field(c.field)}</code> {labels.operator(c.operator)} <q>{c.value}</q>
            </li>
          ))}
        </ol>
      </section>
      <dl className="mute-details__facts">
        <div>
          <dt>{t('details.description')}</dt>
          <dd className="mute-details__description">{mute.description || t('details.noDescription')}</dd>
        </div>
        <div>
          <dt>{t('details.customer')}</dt>
          <dd>{customerName}</dd>
        </div>
        <div>
          <dt>{mute.state === 'active' ? t('details.expires') : t('details.expiry')}</dt>
          <dd>{mute.expires_at ? <Timestamp iso={mute.expires_at} /> : t('list.never')}</dd>
        </div>
        <div>
          <dt>{t('details.createdBy')}</dt>
          <dd>{mute.created_by ?? t('details.system')}</dd>
        </div>
        <div>
          <dt>{t('details.createdAt')}</dt>
          <dd>
            <Timestamp iso={mute.created_at} />
          </dd>
        </div>
        <div>
          <dt>{t('details.sourceAlert')}</dt>
          <dd>
            {mute.source_alert_id ? (
              <Link href={`/alerts/${mute.source_alert_id}`}>#{mute.source_alert_id}</Link>
            ) : (
              t('details.noSourceAlert')
            )}
          </dd>
        </div>
      </dl>
      {canChange && (
        <div className="mute-details__actions">
          <button type="button" className="button" onClick={onEdit} disabled={busy}>
            {t('details.edit')}
          </button>
          {mute.state === 'active' && (
            <button type="button" className="button button--danger" onClick={onUnmute} disabled={busy}>
              {busy ? t('details.unmuting') : t('details.unmute')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
