import { useTranslation } from 'react-i18next';
import { Field, SelectField } from '../../components/form/index.ts';
import type { AuditFilters as Filters } from '../api.ts';

export interface AuditFiltersProps {
  filters: Filters;
  people: readonly { value: string; label: string }[];
  customers: readonly { value: string; label: string }[];
  kinds: readonly string[];
  onChange(filters: Filters): void;
}

/** `datetime-local` speaks the browser's local time without a zone; the API wants an instant. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);
const toLocal = (iso: string | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
};

/** Person, customer, kind and time range: each change reloads the log from its newest entry. */
export function AuditFilters({ filters, people, customers, kinds, onChange }: AuditFiltersProps) {
  const { t } = useTranslation('admin');
  const set = (key: keyof Filters, value: string | undefined) => {
    const next = { ...filters };
    if (value) (next as Record<string, string>)[key] = value;
    else delete next[key];
    onChange(next);
  };
  return (
    <div className="admin-filters">
      <SelectField
        id="audit-person"
        label={t('audit.filters.person')}
        value={filters.actor_id ?? ''}
        onChange={(v) => set('actor_id', v)}
        options={people}
        emptyLabel={t('audit.filters.any')}
      />
      <SelectField
        id="audit-customer"
        label={t('audit.filters.customer')}
        value={filters.customer_id ?? ''}
        onChange={(v) => set('customer_id', v)}
        options={customers}
        emptyLabel={t('audit.filters.any')}
      />
      <SelectField
        id="audit-kind"
        label={t('audit.filters.kind')}
        value={filters.entity ?? ''}
        onChange={(v) => set('entity', v)}
        options={kinds.map((k) => ({ value: k, label: k }))}
        emptyLabel={t('audit.filters.any')}
      />
      <Field label={t('audit.filters.from')}>
        <input
          type="datetime-local"
          className="input"
          value={toLocal(filters.from)}
          onChange={(e) => set('from', toIso(e.target.value))}
        />
      </Field>
      <Field label={t('audit.filters.to')}>
        <input
          type="datetime-local"
          className="input"
          value={toLocal(filters.to)}
          onChange={(e) => set('to', toIso(e.target.value))}
        />
      </Field>
    </div>
  );
}
