import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSelectedCustomers } from '../../shell/index.ts';
import { type Customer, type CustomerListQuery, listCustomers } from './api.ts';

export type CustomerListState =
  | { status: 'loading'; customers: Customer[]; error: null }
  | { status: 'ready'; customers: Customer[]; error: null }
  | { status: 'error'; customers: Customer[]; error: unknown };

/**
 * The customers for a query, narrowed to the customers selected in the top bar like every other
 * list (none selected: all); a newer query's answer always wins over an older one's.
 */
export function useCustomerList(query: CustomerListQuery, enabled: boolean) {
  const [state, setState] = useState<CustomerListState>({ status: 'loading', customers: [], error: null });
  const serial = useRef(0);
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by its key
  const reload = useCallback(() => {
    if (!enabled) return;
    const mine = ++serial.current;
    setState((s) => ({ status: 'loading', customers: s.customers, error: null }));
    listCustomers(query).then(
      (customers) => mine === serial.current && setState({ status: 'ready', customers, error: null }),
      (error: unknown) =>
        mine === serial.current && setState((s) => ({ status: 'error', customers: s.customers, error })),
    );
  }, [key, enabled]);
  useEffect(reload, [reload]);
  const { selected } = useSelectedCustomers();
  const customers = useMemo(
    () =>
      selected.length === 0
        ? state.customers
        : state.customers.filter((c) => selected.includes(c.customer_id)),
    [state.customers, selected],
  );
  return { ...state, customers, reload };
}
