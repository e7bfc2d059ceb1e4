import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleOf, validate } from '../../../api/validate.ts';
import {
  FormFailure,
  placeServerErrors,
  SelectField,
  TextField,
  useFocusFirstInvalid,
} from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useShellData, useToasts } from '../../shell/index.ts';
import {
  type AlertDraft,
  DEFAULT_DRAFT,
  draftOfRule,
  type FiringBucket,
  firingsPerHour,
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
  listLogAlertRules,
  type SavedSearch,
  saveLogAlertRule,
} from './api.ts';
import { useUnsavedDialog } from './use-unsaved-dialog.tsx';

/** The firings listed in the table; the chart and totals cover all of them. */
const LISTED = 100;

type NumberField = 'periodMinutes' | 'threshold';
type DraftField = keyof AlertDraft;
const DRAFT_FIELDS: readonly DraftField[] = ['periodMinutes', 'priority', 'threshold', 'realert', 'enabled'];

/** A whole number as typed, or the text itself, so the contract's rules name what is wrong with it. */
const typedNumber = (text: string, times = 1) =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) * times : text;

/**
 * The draft's issues against the contract's LogAlertSettings rules. The period is typed in
 * minutes and sent in seconds; only what the person types can be wrong.
 */
function draftIssues(draft: AlertDraft): Partial<Record<NumberField, 'required' | 'range'>> {
  const issues = validate('LogAlertSettings', {
    period: typedNumber(draft.periodMinutes, 60),
    threshold: typedNumber(draft.threshold),
  });
  const kind = (field: 'period' | 'threshold') =>
    issues[field] ? (issues[field].key === 'required' ? 'required' : 'range') : undefined;
  const period = kind('period');
  const threshold = kind('threshold');
  return { ...(period ? { periodMinutes: period } : {}), ...(threshold ? { threshold } : {}) };
}

/** The contract's upper limits, in the units typed (the period in minutes). */
const MAX = {
  periodMinutes: (ruleOf('LogAlertSettings', 'period').maximum ?? 0) / 60,
  threshold: ruleOf('LogAlertSettings', 'threshold').maximum ?? 0,
};

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
  const focus = useFocusFirstInvalid<HTMLFormElement>();
  // The server's refusals by field, shown until that field changes.
  const [serverErrors, setServerErrors] = useState<Partial<Record<DraftField, string>>>({});
  /** Places a 4xx answer's field refusals on their fields; what is left is the failure's text. */
  const refused = (e: unknown, what: string) => {
    const placed = placeServerErrors(e, DRAFT_FIELDS, { period: 'periodMinutes' });
    if (placed && Object.keys(placed.fields).length > 0) {
      setServerErrors(placed.fields);
      focus.request();
    }
    const rest = placed ? (placed.unplaced ?? '') : e instanceof Error ? e.message : '';
    if (!placed || placed.unplaced) setFailure(`${what} ${rest}`.trim());
  };
  const { customers } = useShellData();
  const queryClient = useQueryClient();
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
    // Read afresh: another tab or person may have changed the rule since it was cached. A fetch
    // answers the operation's own body (`select` shapes only what a screen observes).
    queryClient.fetchQuery({ ...listLogAlertRules(), staleTime: 0 }).then(
      ({ rules }) => {
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
  }, [saved.id, queryClient]);

  const errors = attempted ? draftIssues(draft) : {};
  const set = (changes: Partial<AlertDraft>) => {
    touched.current = true;
    setDraft((d) => ({ ...d, ...changes }));
    setServerErrors((current) => {
      const rest = { ...current };
      for (const field of Object.keys(changes) as DraftField[]) delete rest[field];
      return rest;
    });
  };
  // Pausing or resuming (enabled) does not change what the backtest replayed.
  const current =
    backtest && sameDraft({ ...backtest.draft, enabled: draft.enabled }, draft) ? backtest.result : null;

  const runBacktest = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (busy) return;
    if (Object.keys(draftIssues(draft)).length > 0) {
      focus.request();
      return;
    }
    setBusy('backtest');
    setFailure(null);
    setServerErrors({});
    const tested = draft;
    try {
      setBacktest({ draft: tested, result: await backtestLogAlertRule(settingsOf(saved.id, tested)) });
    } catch (e) {
      refused(e, t('alert.backtestFailed'));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    if (!current || busy) return;
    setBusy('save');
    setFailure(null);
    setServerErrors({});
    try {
      await saveLogAlertRule(settingsOf(saved.id, draft));
      notify({
        severity: 'success',
        title: t('alert.saved', { name: saved.name }),
        message: t('alert.savedDetail'),
      });
      onClose();
    } catch (e) {
      refused(e, t('alert.saveFailed'));
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

  // The screen's words: a range in the units typed says more than the contract's bound in seconds.
  const message = (key: NumberField) =>
    serverErrors[key] ??
    (errors[key] === 'required'
      ? t('alert.required')
      : errors[key] === 'range'
        ? key === 'periodMinutes'
          ? t('alert.periodRange', { max: MAX.periodMinutes })
          : t('alert.thresholdRange', { max: MAX.threshold })
        : undefined);
  return (
    <>
      <ModalDialog title={t('alert.title', { name: saved.name })} onClose={requestClose} wide>
        <form ref={focus.ref} className="form" onSubmit={runBacktest} noValidate>
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
            <SelectField
              id={`${uid}-priority`}
              label={t('alert.priority')}
              error={serverErrors.priority}
              value={draft.priority}
              options={PRIORITIES.map((p) => ({ value: p, label: t(`alert.priorities.${p}`) }))}
              onChange={(priority) => set({ priority: priority as AlertDraft['priority'] })}
            />
            <TextField
              id={`${uid}-threshold`}
              label={t('alert.threshold')}
              inputMode="numeric"
              value={draft.threshold}
              onChange={(threshold) => set({ threshold })}
              error={message('threshold')}
            />
            <SelectField
              id={`${uid}-realert`}
              label={t('alert.realert')}
              error={serverErrors.realert}
              value={draft.realert}
              options={REALERTS.map((r) => ({
                value: r,
                label:
                  r === 'always' ? t('alert.realertAlways') : t('alert.realertMinutes', { count: Number(r) }),
              }))}
              onChange={(realert) => set({ realert: realert as AlertDraft['realert'] })}
            />
          </div>
          <label className="search-check">
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
            />{' '}
            {t('alert.enabled')}
          </label>
          <FormFailure failure={failure} />
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
