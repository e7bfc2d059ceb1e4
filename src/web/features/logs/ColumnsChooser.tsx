import { useTranslation } from 'react-i18next';
import { COLUMNS, type Column } from './search-model.ts';

/** The results table's columns; the choice is sent with the search and kept with a saved one. */
export function ColumnsChooser(props: {
  columns: readonly Column[];
  onChange(columns: Column[]): void;
  boxRef: React.RefObject<HTMLDetailsElement | null>;
}) {
  const { t } = useTranslation('search');
  const { columns } = props;
  return (
    <details className="search-columns" ref={props.boxRef}>
      <summary className="button button--small">{t('columns.configure')}</summary>
      <fieldset>
        <legend className="sr-only">{t('columns.configure')}</legend>
        {COLUMNS.map((column) => (
          <label key={column} className="search-check">
            <input
              type="checkbox"
              checked={columns.includes(column)}
              onChange={(e) =>
                props.onChange(
                  e.target.checked
                    ? COLUMNS.filter((c) => c === column || columns.includes(c))
                    : columns.filter((c) => c !== column),
                )
              }
            />{' '}
            {t(`columns.${column}`)}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
