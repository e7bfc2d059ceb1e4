import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** Previous and next page with the range shown ("11–20 of 42"). */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation('shell');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <PagerNav
      range={t('pager.range', { first, last, total })}
      onPrevious={page > 1 ? () => onPage(page - 1) : null}
      onNext={page < pages ? () => onPage(page + 1) : null}
    />
  );
}

/**
 * The pager's one look: where the list stands, then previous and next (disabled where there is
 * none). Numbered lists say the range (Pager); a list paged by cursor says the page number.
 */
export function PagerNav({
  range,
  onPrevious,
  onNext,
}: {
  range: string;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  const { t } = useTranslation('shell');
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <span className="pager__range" aria-live="polite">
        {range}
      </span>
      <button
        type="button"
        className="icon-button"
        onClick={() => onPrevious?.()}
        disabled={onPrevious === null}
        aria-label={t('pager.previous')}
      >
        <Icon name="chevron-left" />
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={() => onNext?.()}
        disabled={onNext === null}
        aria-label={t('pager.next')}
      >
        <Icon name="chevron-right" />
      </button>
    </nav>
  );
}
