import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ChartModel } from './chart-model.ts';

/** A chart's values as a table: one row per category, one column per series; counts link to their list. */
export function ChartTable({
  model,
  caption,
  categoryLabel,
}: {
  model: ChartModel;
  caption: string;
  categoryLabel: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls, so it takes focus for the arrow keys even without links (ingest)
    <section className="dashboard-table" tabIndex={0} aria-label={caption}>
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            {model.series.map((s) => (
              <th scope="col" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.categories.map((category, row) => (
            <tr key={category}>
              <th scope="row">{category}</th>
              {model.series.map((s, column) => {
                const value = s.values[row];
                const text = value === null || value === undefined ? t('chart.none') : model.format(value);
                const href = value ? model.href(row, column) : null;
                return (
                  <td key={s.key} className="numeric">
                    {href ? <Link href={href}>{text}</Link> : text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
