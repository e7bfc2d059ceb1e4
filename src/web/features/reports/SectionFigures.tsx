import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/table/LoadError.tsx';
import { getReportData, type ReportDataLocale, type ReportPrintedSection } from './api.ts';

const LANGUAGES: readonly ReportDataLocale[] = ['en-GB', 'en-US', 'de-DE', 'fi-FI'];

export interface SectionFiguresProps {
  reportId: string;
  customerId: string;
  /** The Azure groups the figures narrow to; none for the whole customer. */
  selectedGroups?: readonly string[];
}

/**
 * Each data section's figures as tables, under the PDF preview: the same words and numbers the
 * PDF prints (the server builds both), in the console's language; a chart shows as the table of
 * its figures. Screen readers and the keyboard get the report's data without reading the PDF.
 */
export function SectionFigures({ reportId, customerId, selectedGroups = [] }: SectionFiguresProps) {
  const { t, i18n } = useTranslation('reports');
  const uid = useId();
  const locale = LANGUAGES.find((l) => l === i18n.language);
  // Each save marks the area's answers stale (ReportEditor), so the figures follow the saved version.
  const data = useQuery(getReportData(reportId, customerId, locale, selectedGroups));
  const printed = (data.data?.sections ?? [])
    .map((s) => s.printed)
    .filter((p): p is ReportPrintedSection => Boolean(p));
  return (
    <section className="report-figures" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('preview.dataTitle')}</h3>
      <p className="muted">{t('preview.dataHint')}</p>
      {data.status === 'error' ? (
        <LoadError
          error={data.error}
          message={t('errors.data')}
          retryLabel={t('retry')}
          onRetry={() => void data.refetch()}
        />
      ) : data.status === 'pending' ? (
        <p role="status">{t('loading')}</p>
      ) : printed.length === 0 ? (
        <p className="empty">{t('preview.noData')}</p>
      ) : (
        printed.map((section, index) => (
          // Sections may share a title; their place in the document tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the document's order is the identity here
          <PrintedSection key={index} section={section} />
        ))
      )}
    </section>
  );
}

function PrintedSection({ section }: { section: ReportPrintedSection }) {
  const { t } = useTranslation('reports');
  return (
    <div className="report-figures__section">
      <h4>{section.title}</h4>
      {section.blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'note') return <p key={key}>{block.text}</p>;
        const columns = block.columns ?? [];
        const rows = block.rows ?? [];
        if (rows.length === 0)
          return (
            <p key={key} className="muted">
              {t('preview.noRows')}
            </p>
          );
        return (
          <div key={key} className="table-wrap">
            <table className="table report-figures__table">
              <caption className={block.kind === 'chart' ? undefined : 'sr-only'}>
                {block.kind === 'chart' ? t('preview.chartFigures', { title: section.title }) : section.title}
              </caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.header}
                      scope="col"
                      className={column.align === 'right' ? 'num' : undefined}
                    >
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are printed figures without ids
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td
                        key={columns[c]?.header ?? c}
                        className={columns[c]?.align === 'right' ? 'num' : undefined}
                      >
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}
