import { useTranslation } from 'react-i18next';
import type { LogSource } from './api.ts';
import {
  CUSTOM_UNITS,
  type CustomUnit,
  customSeconds,
  detectMode,
  type Period,
  RANGES,
  type RangeKey,
} from './search-model.ts';

const GROUPS = ['most_common', 'agents', 'base', 'integrations'] as const;

/** Sources by the spec's groups; beta sources are hidden (the server lists none). */
export function SourceSelect(props: {
  sources: readonly LogSource[];
  value: string | null;
  onChange(source: string | null): void;
}) {
  const { t } = useTranslation('search');
  const visible = props.sources.filter((s) => !s.is_beta);
  return (
    <label className="search-control">
      <span>{t('source.label')}</span>
      <select
        className="select"
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value || null)}
      >
        <option value="">{t('source.all')}</option>
        {GROUPS.map((group) => {
          const inGroup = visible.filter((s) => s.group === group);
          return inGroup.length === 0 ? null : (
            <optgroup key={group} label={t(`source.groups.${group}`)}>
              {inGroup.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
    </label>
  );
}

/** The query bar: the term, the mode it will be read in, and a syntax error at its position. */
export function QueryBar(props: {
  value: string;
  onChange(term: string): void;
  error: { reason: string; position: number | null } | null;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation('search');
  const mode = detectMode(props.value);
  const { error } = props;
  return (
    <div className="search-query">
      <label className="search-control search-control--grow">
        <span>{t('query.label')}</span>
        <input
          ref={props.inputRef}
          type="search"
          className="input"
          value={props.value}
          placeholder={t('query.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby="search-mode search-query-error"
          onChange={(e) => props.onChange(e.target.value)}
          spellCheck={false}
        />
      </label>
      <span id="search-mode" className={`search-mode search-mode--${mode}`}>
        {t(`query.modes.${mode}`)}
      </span>
      <div id="search-query-error" role="alert" className="search-query-error">
        {error && (
          <>
            {error.position !== null && (
              <pre className="search-caret" aria-hidden="true">
                {`${props.value}\n${' '.repeat(Math.max(0, error.position - 1))}^`}
              </pre>
            )}
            <span>
              {error.position !== null
                ? t('query.syntaxError', { position: error.position })
                : t('query.invalid')}{' '}
              {error.reason}
            </span>
          </>
        )}
      </div>
    </div>
  );
}

/** The time picker: the spec's relative ranges, a custom one ("last 36 hours"), or an absolute from and to. */
export function TimePicker(props: { value: Period; onChange(period: Period): void }) {
  const { t } = useTranslation('search');
  const { value } = props;
  const nowLocal = () =>
    new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  return (
    <div className="search-period">
      <label className="search-control">
        <span>{t('period.label')}</span>
        <select
          className="select"
          value={value.kind === 'relative' ? value.range : value.kind}
          onChange={(e) => {
            const next = e.target.value;
            if (next === 'custom') props.onChange({ kind: 'custom', amount: '36', unit: 'hours' });
            else if (next === 'absolute') {
              const to = nowLocal();
              const from = new Date(
                new Date(to).getTime() - 3600_000 - new Date().getTimezoneOffset() * 60_000,
              )
                .toISOString()
                .slice(0, 16);
              props.onChange({ kind: 'absolute', from, to });
            } else props.onChange({ kind: 'relative', range: next as RangeKey });
          }}
        >
          {RANGES.map((r) => (
            <option key={r.key} value={r.key}>
              {t(`period.ranges.${r.key}`)}
            </option>
          ))}
          <option value="custom">{t('period.custom')}</option>
          <option value="absolute">{t('period.absolute')}</option>
        </select>
      </label>
      {value.kind === 'custom' && (
        <>
          <label className="search-control search-control--amount">
            <span>{t('period.amount')}</span>
            <input
              className="input"
              inputMode="numeric"
              value={value.amount}
              aria-invalid={customSeconds(value) === null ? true : undefined}
              aria-describedby="search-custom-error"
              onChange={(e) => props.onChange({ ...value, amount: e.target.value })}
            />
          </label>
          <label className="search-control">
            <span>{t('period.unit')}</span>
            <select
              className="select"
              value={value.unit}
              onChange={(e) => props.onChange({ ...value, unit: e.target.value as CustomUnit })}
            >
              {(Object.keys(CUSTOM_UNITS) as CustomUnit[]).map((unit) => (
                <option key={unit} value={unit}>
                  {t(`period.units.${unit}`)}
                </option>
              ))}
            </select>
          </label>
          {customSeconds(value) === null && (
            <span id="search-custom-error" role="alert" className="field__error">
              {t('period.customInvalid')}
            </span>
          )}
        </>
      )}
      {value.kind === 'absolute' && (
        <>
          <label className="search-control">
            <span>{t('period.from')}</span>
            <input
              type="datetime-local"
              className="input"
              value={value.from}
              onChange={(e) => props.onChange({ ...value, from: e.target.value })}
            />
          </label>
          <label className="search-control">
            <span>{t('period.to')}</span>
            <input
              type="datetime-local"
              className="input"
              value={value.to}
              onChange={(e) => props.onChange({ ...value, to: e.target.value })}
            />
          </label>
        </>
      )}
    </div>
  );
}
