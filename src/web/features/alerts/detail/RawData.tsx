import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The alert's raw data as its source sent it, pretty-printed JSON in a collapsible block. It is
 * rendered as text only (DESIGN section 9: alert fields are never interpreted as HTML).
 */
export function RawData({ fields }: { fields: Record<string, unknown> }) {
  const { t } = useTranslation('alerts');
  const text = useMemo(() => JSON.stringify(fields, null, 2), [fields]);
  return (
    <section className="card alert-detail__section">
      <details>
        <summary>
          <h2 className="alert-detail__inline-heading">{t('detail.rawData')}</h2>
        </summary>
        <pre className="alert-detail__raw">{text}</pre>
      </details>
    </section>
  );
}
