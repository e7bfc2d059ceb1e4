import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Labelled values in a grid of columns: a detail page's fields, a row's details. */
export function Facts({ items, mono = false }: { items: readonly Fact[]; mono?: boolean }) {
  return (
    <dl className="facts">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd className={mono ? 'facts__mono' : undefined}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
