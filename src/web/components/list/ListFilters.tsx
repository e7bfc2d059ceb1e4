import type { ReactNode } from 'react';

/** A list's filters in one row: chips and styled controls, under a legend for screen readers. */
export function ListFilters({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="list-filters">
      <legend className="sr-only">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** An on/off filter drawn as a chip: a checkbox underneath, so it toggles with Space and says its state. */
export function FilterChip({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label className={checked ? 'list-chip list-chip--on' : 'list-chip'}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
