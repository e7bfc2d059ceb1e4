import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageDay } from './api.ts';
import { formatBytes } from './usage-model.ts';

/**
 * Data usage over time. ECharts loads on first use in its own chunk; `asTable` (the button, or
 * `t`) shows the same days as a table, which takes focus so the arrow keys scroll it.
 */
export function UsageChart({
  days,
  asTable,
  onToggle,
}: {
  days: readonly UsageDay[];
  asTable: boolean;
  onToggle(): void;
}) {
  const { t, i18n } = useTranslation('retention');
  const heading = useId();
  const box = useRef<HTMLDivElement>(null);
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const events = days.reduce((n, d) => n + d.events, 0);
  const bytes = days.reduce((n, d) => n + d.bytes, 0);
  const summary = t('usage.summary', {
    days: days.length,
    events: number.format(events),
    bytes: formatBytes(bytes, language),
  });

  useEffect(() => {
    if (asTable) return;
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    void import('./echarts-usage.ts').then(({ drawUsage }) => {
      if (disposed || !box.current) return;
      chart = drawUsage(box.current, days, { bytes: t('usage.bytes'), events: t('usage.events') }, (value) =>
        formatBytes(value, language),
      );
    });
    return () => {
      disposed = true;
      chart?.dispose();
    };
  }, [days, asTable, t, language]);

  return (
    <section className="retention-usage" aria-labelledby={heading}>
      <header className="retention-usage__header">
        <h3 id={heading}>{t('usage.title')}</h3>
        <button type="button" className="button button--small" aria-pressed={asTable} onClick={onToggle}>
          {t('usage.asTable')}
        </button>
      </header>
      {asTable ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls, so it takes focus for the arrow keys
        <section className="retention-usage__table" tabIndex={0} aria-label={summary}>
          <table className="table">
            <caption className="sr-only">{summary}</caption>
            <thead>
              <tr>
                <th scope="col">{t('usage.day')}</th>
                <th scope="col">{t('usage.events')}</th>
                <th scope="col">{t('usage.bytes')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td className="numeric">{number.format(d.events)}</td>
                  <td className="numeric">{formatBytes(d.bytes, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <figure className="retention-usage__figure">
          <div ref={box} className="retention-usage__chart" aria-hidden="true" />
          <figcaption className="sr-only">{summary}</figcaption>
        </figure>
      )}
    </section>
  );
}
