import { useCallback } from 'react';
import { useCustomerScope } from '../../shell/index.ts';
import type { AssistantContext } from './api.ts';

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The application context sent with each question (spec 2, section 9): the full current route
 * path, and the selected customers only when the active list differs from the filtered list.
 */
export function useAssistantContext(): () => AssistantContext {
  const { activeCustomers, filteredCustomers } = useCustomerScope();
  return useCallback(() => {
    const route = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const active = activeCustomers.map((c) => c.customer_id);
    const filtered = filteredCustomers.map((c) => c.customer_id);
    return sameIds(active, filtered) ? { route } : { route, customer_ids: filtered };
  }, [activeCustomers, filteredCustomers]);
}
