import { useMemo } from 'react';
import type { Customer } from '../data/load.ts';
import { useShellData } from '../data/ShellDataProvider.tsx';
import { useSelectedCustomers } from './SelectedCustomersProvider.tsx';

export interface CustomerScope {
  /** The selected customers, or every customer when none is selected. */
  filteredCustomers: Customer[];
  /** Customers with a subscription. */
  activeCustomers: Customer[];
  /** Ids of the filtered customers. */
  customerIDs: string[];
  /** Whether a selection narrows the views (calls then pass customer_ids). */
  filtered: boolean;
}

/** The derived customer lists of spec 1, section 3 (filteredCustomers, activeCustomers, customerIDs). */
export function useCustomerScope(): CustomerScope {
  const { customers } = useShellData();
  const { selected } = useSelectedCustomers();
  return useMemo(() => {
    const filtered = selected.length > 0;
    const filteredCustomers = filtered
      ? customers.filter((c) => selected.includes(c.customer_id))
      : customers;
    return {
      filteredCustomers,
      activeCustomers: customers.filter((c) => c.has_subscription),
      customerIDs: filteredCustomers.map((c) => c.customer_id),
      filtered,
    };
  }, [customers, selected]);
}
