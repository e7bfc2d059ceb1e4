import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useShellData, useToasts } from '../../shell/index.ts';
import {
  type AlertDraft,
  alertDraftErrors,
  DEFAULT_DRAFT,
  draftOfRule,
  type FiringBucket,
  firingsPerHour,
  MAX_PERIOD_MINUTES,
  MAX_THRESHOLD,
  PRIORITIES,
  REALERTS,
  sameDraft,
  settingsOf,
} from './alert-settings.ts';
import {
  type Backtest,
  backtestLogAlertRule,
  deleteLogAlertRule,
  type LogAlertRule,
  listAlertRules,
  type SavedSearch,
  saveLogAlertRule,
} from './api.ts';
import { useUnsavedDialog } from './use-unsaved-dialog.tsx';

/** The firings listed in the table; the chart and totals cover all of them. */
const LISTED = 100;

/**
 * Save as alert (spec 2 "Saved search": alert settings; spec 9 realert options; issue 11). The
 * settings are backtested first: the dialog shows when the rule would have fired over the last 7
 * days, suppressed firings with their reason, and only a backtest of exactly these settings
 * unlocks saving. An existing rule of the saved search opens with its settings.
 */
export function SaveAlertDialog({ saved, onClose }: { saved: SavedSearch; onClose(): void }) {
  const { t } = useTranslation('search');
  const { notify } = useToasts();
  const uid = useId();
  const [draft, setDraft] = useState<AlertDraft>(DEFAULT_DRAFT);
  const [attempted, setAttempted] = useState(false);
  const [backtest, setBacktest] = useState<{ draft: AlertDraft; result: Backtest } | null>(null);
  const [busy, setBusy] = useState<'backtest' | 'save' | 'stop' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [existing, setExisting] = useState<LogAlertRule | null>(null);
  const [initial, setInitial] = useState<AlertDraft>(DEFAULT_DRAFT);
  const touched = useRef(false);
  const { customers } = useShellData();
  const dirty = !sameDraft(draft, initial) && busy === null;
  const { requestClose, question } = useUnsavedDialog(dirty, onClose);
  // The rule counts the saved search's customer, or every customer its owner may see.
  const nameOf = (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id;
  const narrowedTo = saved.customer_id ? [saved.customer_id] : saved.customer_ids;
  const covers =
    narrowedTo.length === 1
      ? t('alert.coversOne', { name: nameOf(narrowedTo[0]!) })
      : narrowedTo.length > 1
        ? t('alert.coversSome', { names: narrowedTo.map(nameOf).join(', ') })
        : t('alert.coversAll');

  useEffect(() => {
    listAlertRules().then(
      (rules) => {
        const rule = rules.find((r) => r.saved_search_id === saved.id);
        // Settings typed before the list arrived are the user's; they win.
        if (rule) setExisting(rule);
        if (rule && !touched.current) {
          setDraft(draftOfRule(rule));
          setInitial(draftOfRule(rule));
        }
      },
      () => undefined,
    );
  }, [saved.id]);

  const errors = attempted ? alertDraftErrors(draft) : {};
  const set = (changes: Partial<AlertDraft>) => {
    touched.current = true;
    setDraft((d) => ({ ...d, ...changes }));
  };
  // Pausing or resuming (enabled) does not change what the backtest replayed.
  const current =
    backtest && sameDraft({ ...backtest.draft, enabled: draft.enabled }, draft) ? backtest.result : null;

  const runBacktest = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(alertDraftErrors(draft)).length > 0 || busy) return;
    setBusy('backtest');
    setFailure(null);
    const tested = draft;
    try {
      setBacktest({ draft: tested, result: await backtestLogAlertRule(settingsOf(saved.id, tested)) });
    } catch (e) {
      setFailure(`${t('alert.backtestFailed')} ${e instanceof Error ? e.message : ''}`.trim());
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    if (!current || busy) return;
    setBusy('save');
    setFailure(null);
    try {
      await saveLogAlertRule(settingsOf(saved.id, draft));
      notify({
        severity: 'success',
        title: t('alert.saved', { name: saved.name }),
        message: t('alert.savedDetail'),
      });
      onClose();
    } catch (e) {
      setFailure(`${t('alert.saveFailed')} ${e instanceof Error ? e.message : ''}`.trim());
      setBusy(null);
    }
  };

  const stop = async () => {
    if (!existing || busy) return;
    setBusy('stop');
    setFailure(null);
    try {
      await deleteLogAlertRule(existing.id);
      notify({ severity: 'success', title: t('alert.stopped', { name: saved.name }), message: '' });
      onClose();
    } catch (e) {
      setFailure(`${t('alert.stopFailed')} ${e instanceof Error ? e.message : ''}`.trim());
      setBusy(null);
    }
  };

  const message = (key: 'periodMinutes' | 'threshold') =>
    errors[key] === 'required'
      ? t('alert.required')
      : errors[key] === 'range'
        ? key === 'periodMinutes'
          ? t('alert.periodRange', { max: MAX_PERIOD_MINUTES })
          : t('alert.thresholdRange', { max: MAX_THRESHOLD })
        : undefined;
  return (
    <>
      <ModalDialog title={t('alert.title', { name: saved.name })} onClose={requestClose} wide>
        <form className="form" onSubmit={runBacktest} noValidate>
          <p className="search-hint">{covers}</p>
          <div className="search-alert-form">
            <TextField
              id={`${uid}-period`}
              label={t('alert.period')}
              inputMode="numeric"
              value={draft.periodMinutes}
              onChange={(periodMinutes) => set({ periodMinutes })}
              error={message('periodMinutes')}
            />
            <div className="field">
              <label htmlFor={`${uid}-priority`} className="field__label">
                {t('alert.priority')}
              </label>
              <select
                id={`${uid}-priority`}
                className="select"
                value={draft.priority}
                onChange={(e) => set({ priority: e.target.value as AlertDraft['priority'] })}
              >
                {PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {t(`alert.priorities.${p}`)}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              id={`${uid}-threshold`}
              label={t('alert.threshold')}
              inputMode="numeric"
              value={draft.threshold}
              onChange={(threshold) => set({ threshold })}
              error={message('threshold')}
            />
            <div className="field">
              <label htmlFor={`${uid}-realert`} className="field__label">
                {t('alert.realert')}
              </label>
              <select
                id={`${uid}-realert`}
                className="select"
                value={draft.realert}
                onChange={(e) => set({ realert: e.target.value as AlertDraft['realert'] })}
              >
                {REALERTS.map((r) => (
                  <option key={r} value={r}>
                    {r === 'always'
                      ? t('alert.realertAlways')
                      : t('alert.realertMinutes', { count: Number(r) })}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label className="search-check">
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
            />{' '}
            {t('alert.enabled')}
          </label>
          {failure && (
            <p role="alert" className="search-error">
              {failure}
            </p>
          )}
          {backtest && !current && <p className="search-hint">{t('alert.changed')}</p>}
          {current && <BacktestResult result={current} />}
          <div className="modal__actions">
            <button type="submit" className="button" disabled={busy !== null}>
              {busy === 'backtest' ? t('alert.backtesting') : t('alert.backtest')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={!current || busy !== null}
              onClick={() => void save()}
            >
              {existing ? t('alert.replace') : t('alert.save')}
            </button>
            {existing && (
              <button
                type="button"
                className="button button--danger"
                disabled={busy !== null}
                onClick={() => void stop()}
              >
                {t('alert.stop')}
              </button>
            )}
            <button type="button" className="button" onClick={requestClose}>
              {t('saved.cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
      {question}
    </>
  );
}

function BacktestResult({ result }: { result: Backtest }) {
  const { t } = useTranslation('search');
  const { customers } = useShellData();
  const format = useFormatTimestamp();
  const nameOf = (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id;
  const listed = result.firings.slice(0, LISTED);
  const buckets = useMemo(() => firingsPerHour(result), [result]);
  return (
    <section className="search-backtest" aria-label={t('alert.resultTitle')}>
      <h3>{t('alert.resultTitle')}</h3>
      <p role="status">
        {t('alert.summary', { fired: result.fired, suppressed: result.suppressed, muted: result.muted })}
      </p>
      {result.firings.length === 0 ? (
        <p>{t('alert.never')}</p>
      ) : (
        <>
          <FiringsChart buckets={buckets} />
          <table className="table search-backtest-table">
            <caption className="sr-only">{t('alert.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('alert.columns.time')}</th>
                <th scope="col">{t('alert.columns.customer')}</th>
                <th scope="col">{t('alert.columns.count')}</th>
                <th scope="col">{t('alert.columns.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {listed.map((f) => (
                <tr key={`${f.time}/${f.customer_id}`}>
                  <td>
                    <TimeText iso={f.time} format={format} />
                  </td>
                  <td>{nameOf(f.customer_id)}</td>
                  <td>{f.count}</td>
                  <td>
                    {f.outcome === 'fired'
                      ? t('alert.fired')
                      : f.reason === 'muted'
                        ? t('alert.suppressedMuted', { mute: f.mute?.description ?? '' })
                        : t('alert.suppressedRealert')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.firings.length > LISTED && (
            <p className="search-hint">{t('alert.more', { shown: LISTED, count: result.firings.length })}</p>
          )}
        </>
      )}
    </section>
  );
}

/** The firings per hour, drawn by ECharts from the chart chunk the hits histogram loads. */
function FiringsChart({ buckets }: { buckets: FiringBucket[] }) {
  const { t } = useTranslation('search');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    void import('./echarts-bars.ts').then(({ drawFirings }) => {
      if (disposed || !box.current) return;
      chart = drawFirings(box.current, buckets, {
        fired: t('alert.fired'),
        suppressed: t('alert.suppressed'),
      });
    });
    return () => {
      disposed = true;
      chart?.dispose();
    };
  }, [buckets, t]);
  return <div ref={box} className="search-backtest-chart" aria-hidden="true" />;
}
