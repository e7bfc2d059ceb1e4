import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { type ListColumn, ListNameButton } from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { ConditionSummary } from './ConditionSummary.tsx';
import { MuteStateBadge } from './MuteStateBadge.tsx';
import type { MuteTab } from './MuteTabs.tsx';
import { useConditionLabels } from './use-condition-labels.ts';

/** A mute's conditions as one line of plain text (sorting, tooltips, the checkbox's name). */
export function useConditionsText() {
  const { t } = useTranslation('mutes');
  const labels = useConditionLabels();
  return useCallback(
    (mute: Mute) =>
      mute.conditions
        .map((c) => `${labels.field(c.field)} ${labels.operator(c.operator)} ${c.value}`)
        .join(` ${t('summary.and')} `),
    [t, labels],
  );
}

/**
 * The mutes' columns, every one sortable: the conditions (the name that opens the details),
 * then on the inactive tab the state, the customer, when an active mute expires or when an
 * inactive one was created, and the description.
 */
export function useMuteColumns(options: {
  tab: MuteTab;
  openId: string | null;
  onOpen(mute: Mute): void;
  customerName(id: string): string;
}): ListColumn<Mute>[] {
  const { tab, openId, onOpen, customerName } = options;
  const { t } = useTranslation('mutes');
  const formatTime = useFormatTimestamp();
  const conditionsText = useConditionsText();
  return useMemo(() => {
    const conditions: ListColumn<Mute> = {
      key: 'conditions',
      label: t('columns.conditions'),
      width: 'minmax(16rem, 3fr)',
      sortable: true,
      text: conditionsText,
      render: (mute) => (
        <ListNameButton expanded={openId === mute.id} onClick={() => onOpen(mute)}>
          <ConditionSummary conditions={mute.conditions} />
        </ListNameButton>
      ),
    };
    const state: ListColumn<Mute> = {
      key: 'state',
      label: t('columns.state'),
      width: '7rem',
      sortable: true,
      text: (mute) => t(`state.${mute.state}`),
      render: (mute) => <MuteStateBadge state={mute.state} />,
    };
    const customer: ListColumn<Mute> = {
      key: 'customer',
      label: t('columns.customer'),
      width: 'minmax(8rem, 1fr)',
      sortable: true,
      text: (mute) => customerName(mute.customer_id),
    };
    // A mute that never expires sorts after every one that does.
    const expires: ListColumn<Mute> = {
      key: 'expires',
      label: t('columns.expires'),
      width: 'minmax(10rem, 1fr)',
      sortable: true,
      value: (mute) => (mute.expires_at ? Date.parse(mute.expires_at) : Number.MAX_SAFE_INTEGER),
      text: (mute) => (mute.expires_at ? formatTime(mute.expires_at) : t('list.never')),
      render: (mute) =>
        mute.expires_at ? <TimeText iso={mute.expires_at} format={formatTime} /> : t('list.never'),
    };
    const created: ListColumn<Mute> = {
      key: 'created',
      label: t('columns.created'),
      width: 'minmax(10rem, 1fr)',
      sortable: true,
      value: (mute) => Date.parse(mute.created_at),
      text: (mute) => formatTime(mute.created_at),
      render: (mute) => <TimeText iso={mute.created_at} format={formatTime} />,
    };
    const description: ListColumn<Mute> = {
      key: 'description',
      label: t('columns.description'),
      width: 'minmax(10rem, 2fr)',
      sortable: true,
      value: (mute) => mute.description || null,
      text: (mute) => mute.description,
    };
    return tab === 'active'
      ? [conditions, customer, expires, description]
      : [conditions, state, customer, created, description];
  }, [t, tab, openId, onOpen, customerName, formatTime, conditionsText]);
}
