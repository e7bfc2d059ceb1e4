import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSelectedCustomers } from '../../shell/index.ts';
import { type Contact, listContacts } from './api.ts';

export type ContactListState =
  | { status: 'loading'; contacts: Contact[]; error: null }
  | { status: 'ready'; contacts: Contact[]; error: null }
  | { status: 'error'; contacts: Contact[]; error: unknown };

const byName = (a: Contact, b: Contact) =>
  (a.name || a.email).localeCompare(b.name || b.email, undefined, { sensitivity: 'base' });

/**
 * The people the caller may see, by name; a newer load's answer always wins over an older one's.
 * With customers selected in the top bar, like every other list, only the people of those
 * customers: the provider's own staff (role level Global) belong to no one customer and are
 * left out then.
 */
export function useContactList(enabled: boolean) {
  const [state, setState] = useState<ContactListState>({ status: 'loading', contacts: [], error: null });
  const serial = useRef(0);
  const reload = useCallback(() => {
    if (!enabled) return;
    const mine = ++serial.current;
    setState((s) => ({ status: 'loading', contacts: s.contacts, error: null }));
    listContacts().then(
      (contacts) =>
        mine === serial.current &&
        setState({ status: 'ready', contacts: [...contacts].sort(byName), error: null }),
      (error: unknown) =>
        mine === serial.current && setState((s) => ({ status: 'error', contacts: s.contacts, error })),
    );
  }, [enabled]);
  useEffect(reload, [reload]);
  const { selected } = useSelectedCustomers();
  const contacts = useMemo(
    () =>
      selected.length === 0
        ? state.contacts
        : state.contacts.filter((c) => c.valid_customer_ids.some((id) => selected.includes(id))),
    [state.contacts, selected],
  );
  return { ...state, contacts, reload };
}
