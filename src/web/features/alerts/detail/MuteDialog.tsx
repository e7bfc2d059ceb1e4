import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createMute } from '../../../api/mutes.ts';
import {
  CheckboxChoices,
  FormFooter,
  SelectField,
  TextField,
  useForm,
} from '../../../components/form/index.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
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

interface MuteChoice extends Record<string, unknown> {
  fields: string[];
  ttl: string;
  description: string;
}

/** Mutes alerts like this one for its customer (all chosen conditions must match); this one too. */
export function MuteDialog({ alert, onMuted, onFailed, onClose }: MuteDialogProps) {
  const { t } = useTranslation('alerts');
  const [conditions] = useState(() => conditionsFrom(alert));
  const muteBody = (of: MuteChoice) => ({
    customer_id: alert.customer_id,
    conditions: conditions.filter((c) => of.fields.includes(c.field)),
    description: of.description,
    ttl_seconds: Number(of.ttl),
    source_alert_id: alert.id,
  });
  const form = useForm<MuteChoice>({
    initial: () => ({
      fields: conditions.map((c) => c.field),
      ttl: String(DAY),
      description: t('mute.defaultDescription', { id: alert.id }),
    }),
    schema: 'MuteCreate',
    toContract: (values) => muteBody(values),
    check: (values) => (values.fields.length === 0 ? { fields: t('mute.conditionRequired') } : {}),
    fieldOf: { conditions: 'fields', ttl_seconds: 'ttl' },
    submit: async (values) => {
      await createMute(muteBody(values));
      onMuted();
    },
    onError: onFailed,
  });
  const { values, set } = form;
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

  return (
    <ModalDialog
      title={t('mute.title')}
      onClose={() => form.requestClose(onClose)}
      wide
      footer={
        <FormFooter
          form="alert-mute-form"
          submitLabel={t('mute.submit')}
          disabled={form.busy}
          onCancel={() => form.requestClose(onClose)}
        />
      }
    >
      {form.prompt}
      <form id="alert-mute-form" className="form" {...form.formProps}>
        <CheckboxChoices
          id="alert-mute-conditions"
          legend={t('mute.conditions')}
          choices={conditions.map((c) => ({
            value: c.field,
            label: t('mute.condition', { field: fieldLabel(c.field), value: c.value }),
          }))}
          chosen={values.fields}
          error={form.errors.fields}
          onChange={(fields) => set({ fields })}
        />
        <SelectField
          id="alert-mute-expiry"
          label={t('mute.expiryLabel')}
          value={values.ttl}
          onChange={(ttl) => set({ ttl })}
          options={EXPIRIES.map((s) => ({ value: String(s), label: expiryLabel(s) }))}
        />
        <TextField
          id="alert-mute-description"
          label={t('mute.description')}
          value={values.description}
          maxLength={2000}
          error={form.errors.description}
          onChange={(description) => set({ description })}
        />
        <p className="muted">{t('mute.explain')}</p>
      </form>
    </ModalDialog>
  );
}
