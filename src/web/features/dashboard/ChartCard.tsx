import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadState } from '../../api/loaded.ts';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { ChartFigure } from './ChartFigure.tsx';
import { ChartTable } from './ChartTable.tsx';
import { type ChartModel, isEmpty } from './chart-model.ts';

export interface ChartCardProps {
  title: string;
  /** What the chart says, for its table's caption and the screen reader. */
  summary: string;
  categoryLabel: string;
  load: LoadState;
  model: ChartModel | null;
  empty: string;
  /** Shown as a table rather than a chart (t, or the card's button). */
  asTable: boolean;
  onToggle(): void;
}

/** One dashboard chart with its states (loading, error with retry, empty) and its table view. */
export function ChartCard({
  title,
  summary,
  categoryLabel,
  load,
  model,
  empty,
  asTable,
  onToggle,
}: ChartCardProps) {
  const { t } = useTranslation('dashboard');
  const heading = useId();
  return (
    <section className="dashboard-card" aria-labelledby={heading}>
      <header className="dashboard-card__header">
        <h2 id={heading}>{title}</h2>
        <button type="button" className="button button--small" aria-pressed={asTable} onClick={onToggle}>
          {t('view.table')}
        </button>
      </header>
      <LoadedContent
        load={load}
        empty={!model || isEmpty(model)}
        labels={{ empty, loadFailed: t('errors.load'), retry: t('retry'), loading: t('loading') }}
      >
        {model &&
          (asTable ? (
            <ChartTable model={model} caption={summary} categoryLabel={categoryLabel} />
          ) : (
            <ChartFigure model={model} label={summary} />
          ))}
      </LoadedContent>
    </section>
  );
}
