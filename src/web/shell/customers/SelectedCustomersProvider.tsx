import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../local-storage.ts';

export interface SelectedCustomers {
  /** Ids of the selected customers; empty means all customers. */
  selected: string[];
  /** Adds the customer to the selection, or removes it when it is in. */
  toggle(customerId: string): void;
  /** Empties the selection: all customers again. */
  clear(): void;
}

type Stored = { customer_id: string }[];

const isStored = (value: unknown): value is Stored =>
  Array.isArray(value) &&
  value.every(
    (v) =>
      typeof v === 'object' && v !== null && typeof (v as { customer_id?: unknown }).customer_id === 'string',
  );

/** The persisted selection (spec 1, section 3: Session.selectedCustomers, each with customer_id). */
export function readSelection(): string[] {
  return readJson(STORAGE_KEYS.selectedCustomers, [], isStored).map((c) => c.customer_id);
}

const SelectedCustomersContext = createContext<SelectedCustomers | null>(null);

/** Holds the customer filter's selection for every view (spec 1, sections 1 and 2.4). */
export function SelectedCustomersProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<string[]>(readSelection);

  useEffect(() => {
    writeJson(
      STORAGE_KEYS.selectedCustomers,
      selected.map((customer_id) => ({ customer_id })),
    );
  }, [selected]);

  const toggle = useCallback((customerId: string) => {
    setSelected((current) =>
      current.includes(customerId) ? current.filter((id) => id !== customerId) : [...current, customerId],
    );
  }, []);
  const clear = useCallback(() => setSelected([]), []);

  const value = useMemo(() => ({ selected, toggle, clear }), [selected, toggle, clear]);
  return <SelectedCustomersContext.Provider value={value}>{children}</SelectedCustomersContext.Provider>;
}

/** The customers every view is filtered to; an empty selection means all customers. */
export function useSelectedCustomers(): SelectedCustomers {
  const value = useContext(SelectedCustomersContext);
  if (!value) throw new Error('useSelectedCustomers() needs the SelectedCustomersProvider of the shell');
  return value;
}
