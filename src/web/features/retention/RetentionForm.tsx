import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextField, useForm } from '../../components/form/index.ts';
import { useToasts } from '../../shell/index.ts';
import { getLogRetention, MAX_DAYS, MIN_DAYS, setLogRetention } from './api.ts';
import { deletedByShortening, formatBytes } from './usage-model.ts';

interface Shortening {
  days: number;
  events: number;
  bytes: number;
  before: string;
}

/**
 * Staff change a customer's retention. Shortening it asks first and says what goes: the events
 * (as metered) of the days the old retention kept and the new one does not, deleted at the
 * retention job's next run.
 */
export function RetentionForm({
  customerId,
  customerName,
  current,
  onSaved,
}: {
  customerId: string;
  customerName: string;
  current: number;
  onSaved(): void;
}) {
  const { t, i18n } = useTranslation('retention');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const id = useId();
  const [confirm, setConfirm] = useState<Shortening | null>(null);
  // A refusal of the shortening confirmed in the dialog, which is sent outside the form's submit.
  const [refusal, setRefusal] = useState<string | undefined>();

  /** Saves the days; a refusal that names the field is thrown for the form to place. */
  const save = async (days: number) => {
    try {
      await setLogRetention(customerId, days);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.length > 0) throw failure;
      notify({
        severity: 'danger',
        title: t('form.failed'),
        message: failure instanceof ApiError ? failure.message : common('tryAgainLater'),
      });
      return;
    }
    notify({
      severity: 'success',
      title: t('form.saved'),
      message: t('form.savedMessage', { name: customerName, count: days }),
    });
    onSaved();
  };

  const form = useForm<{ days: string }>({
    initial: { days: String(current) },
    schema: 'setLogRetention',
    toContract: (values) => ({ days: values.days.trim() === '' ? undefined : Number(values.days) }),
    // The screen's one message for any day count out of range (or not a whole number).
    check: (values) => {
      const days = Number(values.days.trim());
      return values.days.trim() === '' || !Number.isInteger(days) || days < MIN_DAYS || days > MAX_DAYS
        ? { days: t('form.range', { min: MIN_DAYS, max: MAX_DAYS }) }
        : {};
    },
    submit: async (values) => {
      const days = Number(values.days.trim());
      setRefusal(undefined);
      if (days === current) return;
      if (days > current) return save(days);
      // Shorter: read the usage of every day the current retention keeps, to say what goes.
      try {
        // Read afresh, past the list's cache: what is stored changes as logs arrive.
        const { queryKey, queryFn } = getLogRetention([customerId], current);
        const answer = await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 });
        const figures = answer.customers[0];
        setConfirm({ days, ...deletedByShortening(figures?.days ?? [], current, days) });
      } catch {
        notify({ severity: 'danger', title: t('form.failed'), message: common('tryAgainLater') });
      }
    },
  });
  const [confirming, setConfirming] = useState(false);
  const shorten = async (days: number) => {
    setConfirming(true);
    try {
      await save(days);
    } catch (failure) {
      setRefusal(failure instanceof ApiError ? failure.fields[0]?.reason : undefined);
    } finally {
      setConfirming(false);
      setConfirm(null);
    }
  };

  return (
    <form className="retention-form" {...form.formProps} aria-label={t('form.label', { name: customerName })}>
      <TextField
        id={`${id}-days`}
        label={t('form.days')}
        type="number"
        inputMode="numeric"
        min={MIN_DAYS}
        max={MAX_DAYS}
        value={form.values.days}
        onChange={(days) => {
          setRefusal(undefined);
          form.set({ days });
        }}
        error={form.errors.days ?? refusal}
      />
      <button type="submit" className="button button--primary" disabled={form.busy || confirming}>
        {t('form.save')}
      </button>
      {confirm && (
        <ConfirmDialog
          title={t('confirm.title', { name: customerName })}
          confirmLabel={t('confirm.shorten', { count: confirm.days })}
          danger
          busy={confirming}
          onConfirm={() => void shorten(confirm.days)}
          onCancel={() => {
            // Not saved: the typed days stay, and leaving asks about them again.
            form.reset({ days: String(current) });
            form.set({ days: String(confirm.days) });
            setConfirm(null);
          }}
        >
          <p>{t('confirm.from', { from: current, count: confirm.days })}</p>
          <p>
            {confirm.events > 0
              ? t('confirm.deletes', {
                  count: confirm.events,
                  events: new Intl.NumberFormat(i18n.language).format(confirm.events),
                  bytes: formatBytes(confirm.bytes, i18n.language),
                  before: confirm.before,
                })
              : t('confirm.nothing', { before: confirm.before })}
          </p>
          <p>{t('confirm.when')}</p>
        </ConfirmDialog>
      )}
      {confirm === null && form.prompt}
    </form>
  );
}
