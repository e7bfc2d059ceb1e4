import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormFooter } from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { createMute } from '../../mutes/api.ts';
import type { Alert, MuteCondition } from '../types.ts';

/** Expiry choices in seconds; one day is the default (spec 2, section 9). */
const EXPIRIES = [3600, 86_400, 7 * 86_400, 30 * 86_400] as const;
const DAY = 86_400;

/** Conditions prefilled from the alert: what makes a new alert "the same again". */
export function conditionsFrom(alert: Alert): MuteCondition[] {
  const conditions: MuteCondition[] = [
    { field: 'title', operator: 'equals', value: alert.title.slice(0, 500) },
    { field: 'type', operator: 'equals', value: alert.type.slice(0, 500) },
  ];
  if (alert.host_name)
    conditions.push({ field: 'host_name', operator: 'equals', value: alert.host_name.slice(0, 500) });
  if (alert.external_source)
    conditions.push({
      field: 'external_source',
      operator: 'equals',
      value: alert.external_source.slice(0, 500),
    });
  return conditions.filter((c) => c.value.length > 0);
}

export interface MuteDialogProps {
  alert: Alert;
  onMuted(): void;
  onFailed(error: unknown): void;
  onClose(): void;
}

/** Mutes alerts like this one for its customer (all chosen conditions must match); this one too. */
export function MuteDialog({ alert, onMuted, onFailed, onClose }: MuteDialogProps) {
  const { t } = useTranslation('alerts');
  const [conditions] = useState(() => conditionsFrom(alert));
  const [chosen, setChosen] = useState(() => conditions.map(() => true));
  const [ttl, setTtl] = useState<number>(DAY);
  const [description, setDescription] = useState(t('mute.defaultDescription', { id: alert.id }));
  const [busy, setBusy] = useState(false);
  const picked = conditions.filter((_, i) => chosen[i]);
  const expiryLabel = (seconds: number) =>
    seconds === 3600
      ? t('mute.expiry.hour')
      : seconds === DAY
        ? t('mute.expiry.day')
        : t('mute.expiry.days', { count: seconds / DAY });
  const fieldLabel = (field: string) =>
    field === 'title'
      ? t('column.title')
      : field === 'type'
        ? t('column.type')
        : field === 'host_name'
          ? t('column.host_name')
          : t('column.external_source');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await createMute({
        customer_id: alert.customer_id,
        conditions: picked,
        description: description.slice(0, 2000),
        ttl_seconds: ttl,
        source_alert_id: alert.id,
      });
      onMuted();
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={t('mute.title')}
      onClose={onClose}
      wide
      footer={
        <FormFooter
          form="alert-mute-form"
          submitLabel={t('mute.submit')}
          disabled={busy || picked.length === 0}
          onCancel={onClose}
        />
      }
    >
      <form id="alert-mute-form" className="form" onSubmit={onSubmit}>
        <fieldset className="alert-mute__conditions">
          <legend>{t('mute.conditions')}</legend>
          {conditions.map((c, i) => (
            <label key={c.field} className="field--row">
              <input
                type="checkbox"
                checked={chosen[i] ?? false}
                onChange={(e) => setChosen((list) => list.map((v, j) => (j === i ? e.target.checked : v)))}
              />
              <span>{t('mute.condition', { field: fieldLabel(c.field), value: c.value })}</span>
            </label>
          ))}
        </fieldset>
        <Field label={t('mute.expiryLabel')}>
          <select
            id="alert-mute-expiry"
            className="select"
            value={ttl}
            onChange={(e) => setTtl(Number(e.target.value))}
          >
            {EXPIRIES.map((s) => (
              <option key={s} value={s}>
                {expiryLabel(s)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('mute.description')}>
          <input
            id="alert-mute-description"
            className="input"
            value={description}
            maxLength={2000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <p className="muted">{t('mute.explain')}</p>
      </form>
    </ModalDialog>
  );
}
