import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/index.ts';
import { DAYS, type DateDraft, type Day, newDate, type PlanDraft } from './plan-draft.ts';

interface Props {
  id: string;
  draft: PlanDraft;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange(change: Partial<PlanDraft>): void;
}

/** Regular hours per day of week, holidays and partial days, in the plan's time zone. */
export function CalendarEditor({ id, draft, errors, readOnly, onChange }: Props) {
  const { t } = useTranslation('escalations');
  return (
    <section className="card escalation-calendar" aria-labelledby={`${id}-hours`}>
      <h2 id={`${id}-hours`}>{t('editor.hours')}</h2>
      <p className="muted">{t('editor.hoursHint')}</p>
      <div className="escalation-hours">
        {DAYS.map((day) => (
          <TextField
            key={day}
            id={`${id}-hours-${day}`}
            label={t(`days.${day}`)}
            value={draft.hours[day]}
            placeholder={t('editor.closed')}
            readOnly={readOnly}
            error={errors[`hours.${day}`]}
            onChange={(text) => onChange({ hours: { ...draft.hours, [day as Day]: text } })}
          />
        ))}
      </div>
      <DateRows
        id={`${id}-holidays`}
        kind="holidays"
        rows={draft.holidays}
        errors={errors}
        readOnly={readOnly}
        onChange={(holidays) => onChange({ holidays })}
      />
      <DateRows
        id={`${id}-partial`}
        kind="partial_days"
        rows={draft.partialDays}
        errors={errors}
        readOnly={readOnly}
        onChange={(partialDays) => onChange({ partialDays })}
      />
    </section>
  );
}

interface RowsProps {
  id: string;
  kind: 'holidays' | 'partial_days';
  rows: DateDraft[];
  errors: Record<string, string>;
  readOnly: boolean;
  onChange(rows: DateDraft[]): void;
}

function DateRows({ id, kind, rows, errors, readOnly, onChange }: RowsProps) {
  const { t } = useTranslation('escalations');
  const set = (index: number, row: DateDraft) => onChange(rows.map((r, i) => (i === index ? row : r)));
  const noun = kind === 'holidays' ? 'holiday' : 'partialDay';
  return (
    <fieldset className="escalation-dates">
      <legend>{t(`editor.${noun}s`)}</legend>
      {rows.length === 0 && <p className="muted">{t(`editor.no_${noun}s`)}</p>}
      {rows.map((row, index) => (
        <fieldset key={row.key} className="escalation-row escalation-date">
          <legend className="sr-only">{t(`editor.${noun}Label`, { number: index + 1 })}</legend>
          <TextField
            id={`${id}-${row.key}-date`}
            label={t('editor.date')}
            type="date"
            value={row.date}
            readOnly={readOnly}
            error={errors[`${kind}[${index}].date`]}
            onChange={(date) => set(index, { ...row, date })}
          />
          <TextField
            id={`${id}-${row.key}-description`}
            label={t('editor.description')}
            value={row.description}
            readOnly={readOnly}
            onChange={(description) => set(index, { ...row, description })}
          />
          {kind === 'partial_days' && (
            <TextField
              id={`${id}-${row.key}-hours`}
              label={t('editor.partialHours')}
              value={row.hours}
              readOnly={readOnly}
              error={errors[`partial_days[${index}].hours`]}
              onChange={(hours) => set(index, { ...row, hours })}
            />
          )}
          {!readOnly && (
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              {t(`editor.remove_${noun}`, { number: index + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      {!readOnly && (
        <button type="button" className="button button--small" onClick={() => onChange([...rows, newDate()])}>
          {t(`editor.add_${noun}`)}
        </button>
      )}
    </fieldset>
  );
}
