import { DateTime } from 'luxon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { TextField } from '../../components/form/index.ts';
import { previewEscalationTimeline, type Segment } from './api.ts';
import { inputOf, type PlanDraft } from './plan-draft.ts';

const PREVIEW_DAYS = 7;

/**
 * The next seven days of the plan as it is being edited: office hours, out of hours, holidays and
 * partial days in the plan's time zone (clock changes included), and who is told in each.
 */
export function TimelinePreview({
  id,
  draft,
  showAtOnce,
  onRefused,
}: {
  id: string;
  draft: PlanDraft;
  /** A saved plan's week shows at once; a new plan's when asked, once there is something to show. */
  showAtOnce: boolean;
  onRefused(error: ApiError): void;
}) {
  const { t, i18n } = useTranslation('escalations');
  const [from, setFrom] = useState(() => DateTime.now().toISODate()!);
  const [state, setState] = useState<{ status: 'idle' | 'loading' | 'ready' | 'error'; segments: Segment[] }>(
    {
      status: 'idle',
      segments: [],
    },
  );
  const abort = useRef<AbortController | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const preview = useCallback(
    async (asked = true) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const plan = draftRef.current;
      const start = DateTime.fromISO(from, { zone: plan.timeZone });
      setState((s) => ({ ...s, status: 'loading' }));
      try {
        const answer = await previewEscalationTimeline(
          inputOf(plan),
          start.isValid ? start.toISO()! : undefined,
          PREVIEW_DAYS,
          controller.signal,
        );
        setState({ status: 'ready', segments: answer.segments });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ status: 'error', segments: [] });
        if (asked && error instanceof ApiError && error.fields.length > 0) onRefused(error);
      }
    },
    [from, onRefused],
  );

  // The saved plan's week shows at once; after edits, the button previews them.
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !showAtOnce) return;
    shown.current = true;
    void preview(false);
  }, [preview, showAtOnce]);
  useEffect(() => () => abort.current?.abort(), []);

  // The plan's wall clock with its offset then, so a clock change shows as the offset moving.
  const local = (iso: string) => {
    const time = DateTime.fromISO(iso, { setZone: true });
    const text = time.setLocale(i18n.language).toLocaleString({
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return `${text} (UTC${time.toFormat('ZZ')})`;
  };

  return (
    <section className="card escalation-timeline" aria-labelledby={`${id}-timeline`}>
      <h2 id={`${id}-timeline`}>{t('timeline.heading')}</h2>
      <div className="escalation-row">
        <TextField
          id={`${id}-from`}
          label={t('timeline.fromDate')}
          hint={t('timeline.fromHint')}
          value={from}
          inputMode="numeric"
          onChange={setFrom}
        />
        <button type="button" className="button" onClick={() => void preview()}>
          {t('timeline.preview')}
        </button>
      </div>
      <p role="status" className="muted">
        {state.status === 'loading' && t('timeline.loading')}
        {state.status === 'error' && t('timeline.failed')}
      </p>
      {state.status === 'ready' && (
        <table className="escalation-timeline__table">
          <caption>{t('timeline.caption', { zone: draft.timeZone })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('timeline.from')}</th>
              <th scope="col">{t('timeline.to')}</th>
              <th scope="col">{t('timeline.kind')}</th>
              <th scope="col">{t('timeline.who')}</th>
            </tr>
          </thead>
          <tbody>
            {state.segments.map((segment) => (
              <tr
                key={segment.from}
                className={`escalation-timeline__row escalation-timeline__row--${segment.kind}`}
              >
                <td>{local(segment.local_from)}</td>
                <td>{local(segment.local_to)}</td>
                <td>
                  {t(`kind.${segment.kind}`)}
                  {segment.description && ` (${segment.description})`}
                </td>
                <td>
                  {segment.steps.length === 0
                    ? t('timeline.nobody')
                    : segment.steps
                        .map(
                          (step, n) =>
                            `${n + 1}. ${step.name}: ${step.contacts
                              .map((c) =>
                                t('timeline.contact', {
                                  name: c.name,
                                  method: t(`method.${c.method}`),
                                  address: c.address,
                                }),
                              )
                              .join(', ')}`,
                        )
                        .join(' → ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
