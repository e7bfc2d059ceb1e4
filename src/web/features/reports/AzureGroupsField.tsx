import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxChoices } from '../../components/form/index.ts';
import { LoadError } from '../../components/table/LoadError.tsx';
import { listReportAzureGroups } from './api.ts';

export interface AzureGroupsFieldProps {
  id: string;
  /** The customer the report is for; without one there are no groups to offer yet. */
  customerId: string;
  chosen: readonly string[];
  onChange(chosen: string[]): void;
  error?: string | undefined;
}

/**
 * The Azure (Entra ID) groups a report narrows to, as checkboxes (Tab between them, Space to
 * choose): the groups of the customer's tenants, read through its Microsoft integration. Without
 * an integration the field says so; none chosen covers the whole customer.
 */
export function AzureGroupsField({ id, customerId, chosen, onChange, error }: AzureGroupsFieldProps) {
  const { t } = useTranslation('reports');
  const groups = useQuery({ ...listReportAzureGroups([customerId]), enabled: Boolean(customerId) });
  const answer = groups.data;
  const choices = (answer?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
  let state: ReactNode;
  if (!customerId) state = <p className="muted">{t('groups.chooseCustomer')}</p>;
  else if (groups.status === 'error')
    state = (
      <LoadError
        error={groups.error}
        message={t('groups.error')}
        retryLabel={t('retry')}
        onRetry={() => void groups.refetch()}
      />
    );
  else if (groups.status === 'pending') state = <p role="status">{t('groups.loading')}</p>;
  else if (!answer?.configured) state = <p className="muted">{t('groups.notConfigured')}</p>;
  else
    state = (
      <>
        {answer.message && <p className="muted">{t('groups.partial')}</p>}
        {choices.length === 0 ? (
          <p className="muted">{t('groups.none')}</p>
        ) : (
          <p className="field__help">{t('groups.hint')}</p>
        )}
      </>
    );
  return (
    <CheckboxChoices
      id={id}
      legend={t('groups.label')}
      choices={groups.status === 'success' ? choices : []}
      chosen={chosen}
      onChange={onChange}
      error={error}
    >
      {state}
    </CheckboxChoices>
  );
}
