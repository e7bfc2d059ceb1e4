import { useCallback, useMemo } from 'react';
import { useShellData } from '../../shell/index.ts';

/**
 * People the case screens offer and show: a contact's name for an e-mail, and the e-mails of
 * everyone who can see a customer (Global users, or that customer among theirs).
 */
export function usePeople() {
  const { contacts, customers } = useShellData();
  const byEmail = useMemo(() => new Map(contacts.map((c) => [c.email.toLowerCase(), c])), [contacts]);
  const byCustomer = useMemo(() => new Map(customers.map((c) => [c.customer_id, c.name])), [customers]);

  const displayUser = useCallback(
    (email: string) => {
      const contact = byEmail.get(email.toLowerCase());
      return contact?.name ? contact.name : email;
    },
    [byEmail],
  );
  const customerName = useCallback((id: string) => byCustomer.get(id) ?? id, [byCustomer]);
  const assignable = useCallback(
    (customerId: string | null) =>
      contacts
        .filter((c) => !customerId || c.role_level === 'Global' || c.valid_customer_ids.includes(customerId))
        .map((c) => c.email),
    [contacts],
  );
  return { displayUser, customerName, assignable, customers };
}
