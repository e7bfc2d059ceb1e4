import { useTranslation } from 'react-i18next';
import { useShellData } from '../../shell/index.ts';

/** Which customers the search covered, as the server answered it (the console's customer filter). */
export function CoverageNote({
  customerIds,
  filtered,
}: {
  customerIds: readonly string[];
  filtered: boolean;
}) {
  const { t } = useTranslation('search');
  const { customers } = useShellData();
  const names = customerIds.map((id) => customers.find((c) => c.customer_id === id)?.name ?? id);
  return (
    <p className="search-coverage" data-testid="search-coverage">
      {filtered
        ? t('coverage.some', { names: names.join(', ') })
        : t('coverage.all', { total: names.length })}
    </p>
  );
}
