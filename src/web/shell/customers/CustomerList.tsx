import { type KeyboardEvent, type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TRUNCATE } from '../../../common/format.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { Customer } from '../data/load.ts';
import { customerLabel } from './filter-customers.ts';

export interface CustomerListProps {
  id: string;
  listRef: RefObject<HTMLDivElement | null>;
  customers: readonly Customer[];
  loading: boolean;
  selected: readonly string[];
  /** Index of the option the keyboard is on. */
  active: number;
  onActiveChange(index: number): void;
  onToggle(customerId: string): void;
  /** ArrowUp on the first option: back to the search box. */
  onLeaveTop(): void;
  knowledgeBaseUrl: string | null;
}

const optionId = (listId: string, customerId: string) => `${listId}-${customerId}`;

/** The filter's multi-select listbox, 300 px high (spec 1, section 2.4). */
export function CustomerList(props: CustomerListProps) {
  const {
    id,
    listRef,
    customers,
    loading,
    selected,
    active,
    onActiveChange,
    onToggle,
    onLeaveTop,
    knowledgeBaseUrl,
  } = props;
  const { t } = useTranslation('shell');
  const current = customers[Math.min(active, customers.length - 1)];

  useEffect(() => {
    if (!current) return;
    document.getElementById(optionId(id, current.customer_id))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, current]);

  if (loading) {
    return (
      <div className="customer-filter__list customer-filter__list--state">
        <Spinner />
      </div>
    );
  }

  if (customers.length === 0) {
    return (
      <div className="customer-filter__list customer-filter__list--state">
        <p className="customer-filter__empty-title">{t('customers.noResults')}</p>
        {knowledgeBaseUrl && (
          <a href={knowledgeBaseUrl} target="_blank" rel="noopener noreferrer">
            {t('customers.contactSupport')}
          </a>
        )}
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const last = customers.length - 1;
    const go = (index: number) => {
      event.preventDefault();
      onActiveChange(Math.max(0, Math.min(last, index)));
    };
    if (event.key === 'ArrowDown') go(active + 1);
    else if (event.key === 'ArrowUp') {
      if (active <= 0) {
        event.preventDefault();
        onLeaveTop();
      } else go(active - 1);
    } else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(last);
    else if (event.key === 'PageDown') go(active + 10);
    else if (event.key === 'PageUp') go(active - 10);
    else if ((event.key === ' ' || event.key === 'Enter') && current) {
      event.preventDefault();
      onToggle(current.customer_id);
    }
  };

  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-multiselectable="true"
      aria-label={t('customers.listLabel')}
      aria-activedescendant={current ? optionId(id, current.customer_id) : undefined}
      tabIndex={0}
      className="customer-filter__list"
      onKeyDown={onKeyDown}
    >
      {customers.map((customer, index) => {
        const isSelected = selected.includes(customer.customer_id);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (aria-activedescendant)
          <div
            key={customer.customer_id}
            id={optionId(id, customer.customer_id)}
            role="option"
            tabIndex={-1}
            aria-selected={isSelected}
            className={`customer-filter__option${index === active ? ' is-active' : ''}`}
            title={customer.name.length > TRUNCATE.customerName ? customer.name : undefined}
            // Keyboard focus stays on the listbox (aria-activedescendant); a click toggles and
            // moves it there too, so arrows continue from the clicked customer.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onActiveChange(index);
              onToggle(customer.customer_id);
              listRef.current?.focus();
            }}
          >
            <span className={`checkbox${isSelected ? ' is-checked' : ''}`} aria-hidden="true">
              {isSelected && <Icon name="check" size={12} />}
            </span>
            <span className="customer-filter__name">{customerLabel(customer.name)}</span>
            {!customer.has_subscription && (
              <span className="customer-filter__note">{t('customers.noSubscription')}</span>
            )}
          </div>
        );
      })}
    </div>
  );
}
