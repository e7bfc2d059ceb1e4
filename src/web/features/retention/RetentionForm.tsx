import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextField } from '../../components/form/index.ts';
import { useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
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
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Shortening | null>(null);
  const unsaved = useUnsavedChanges(value.trim() !== String(current) && !busy && confirm === null);

  const save = async (days: number) => {
    setBusy(true);
    try {
      await setLogRetention(customerId, days);
      notify({
        severity: 'success',
        title: t('form.saved'),
        message: t('form.savedMessage', { name: customerName, count: days }),
      });
      setConfirm(null);
      onSaved();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields[0] : undefined;
      if (field) setError(field.reason);
      else
        notify({
          severity: 'danger',
          title: t('form.failed'),
          message: failure instanceof ApiError ? failure.message : common('tryAgainLater'),
        });
      setConfirm(null);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const days = Number(value.trim());
    if (value.trim() === '' || !Number.isInteger(days) || days < MIN_DAYS || days > MAX_DAYS) {
      setError(t('form.range', { min: MIN_DAYS, max: MAX_DAYS }));
      return;
    }
    setError(undefined);
    if (days === current) return;
    if (days > current) return save(days);
    // Shorter: read the usage of every day the current retention keeps, to say what goes.
    setBusy(true);
    try {
      // Read afresh, past the list's cache: what is stored changes as logs arrive.
      const { queryKey, queryFn } = getLogRetention([customerId], current);
      const answer = await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 });
      const figures = answer.customers[0];
      const gone = deletedByShortening(figures?.days ?? [], current, days);
      setConfirm({ days, ...gone });
    } catch {
      notify({ severity: 'danger', title: t('form.failed'), message: common('tryAgainLater') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="retention-form"
      noValidate
      onSubmit={submit}
      aria-label={t('form.label', { name: customerName })}
    >
      <TextField
        id={`${id}-days`}
        label={t('form.days')}
        type="number"
        inputMode="numeric"
        min={MIN_DAYS}
        max={MAX_DAYS}
        value={value}
        onChange={setValue}
        error={error}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('form.save')}
      </button>
      {confirm && (
        <ConfirmDialog
          title={t('confirm.title', { name: customerName })}
          confirmLabel={t('confirm.shorten', { count: confirm.days })}
          danger
          busy={busy}
          onConfirm={() => void save(confirm.days)}
          onCancel={() => setConfirm(null)}
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
      {unsaved.prompt}
    </form>
  );
}
