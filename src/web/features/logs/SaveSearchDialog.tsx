import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, SelectField, TextField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { useShellData } from '../../shell/index.ts';
import { createSavedSearch, type SavedSearch, updateSavedSearch } from './api.ts';
import { type Column, requestOf, type SearchForm } from './search-model.ts';

type Scope = SavedSearch['scope'];

interface Draft extends Record<string, unknown> {
  name: string;
  scope: Scope;
  customerId: string;
}

/**
 * Saves the search shown (query, range, filters and columns) as private, for one customer, or
 * global (staff only; the server checks); or, given `existing`, changes that saved search: its
 * name, scope and search become these. A console filtered to one customer saves for it by default;
 * a new search keeps the console's customer filter (an edited one keeps the customers it had), so a
 * rule on it counts those customers only. On the field kit: the name is checked by the contract's
 * SavedSearchInput rules, and the server's refusals show under their fields.
 */
export function SaveSearchDialog(props: {
  form: SearchForm;
  columns: readonly Column[];
  /** The console's selected customers. */
  customerIds: readonly string[];
  existing?: SavedSearch | null;
  onSaved(saved: SavedSearch): void;
  onClose(): void;
}) {
  const { t } = useTranslation('search');
  const { customers } = useShellData();
  const uid = useId();
  const { existing } = props;
  const narrowedTo = existing ? existing.customer_ids : props.customerIds;
  const nameOf = (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id;
  const form = useForm<Draft>({
    initial: () =>
      existing
        ? { name: existing.name, scope: existing.scope, customerId: existing.customer_id ?? '' }
        : {
            name: '',
            scope: props.customerIds.length === 1 ? 'customer' : 'private',
            customerId: props.customerIds[0] ?? customers[0]?.customer_id ?? '',
          },
    schema: 'SavedSearchInput',
    toContract: (draft) => ({ name: draft.name.trim() }),
    fieldOf: { customer_id: 'customerId' },
    submit: async (draft) => {
      const request = requestOf(props.form, { columns: props.columns, customerIds: props.customerIds });
      const input = {
        name: draft.name.trim(),
        scope: draft.scope,
        customer_id: draft.scope === 'customer' ? draft.customerId || null : null,
        // A customer search covers its own customer; the others keep the customers they cover.
        customer_ids: draft.scope === 'customer' ? [] : [...narrowedTo],
        search: request.search as Record<string, unknown>,
        period: (request.period ?? null) as Record<string, unknown> | null,
      };
      props.onSaved(existing ? await updateSavedSearch(existing.id, input) : await createSavedSearch(input));
    },
    unsavedMessage: t('unsaved.message'),
  });
  const { values: draft, set, errors } = form;
  const requestClose = () => form.requestClose(props.onClose);
  const title = existing ? t('saved.editTitle', { name: existing.name }) : t('saved.saveTitle');
  return (
    <>
      <ModalDialog title={title} onClose={requestClose}>
        <form className="form" {...form.formProps}>
          <TextField
            id={`${uid}-name`}
            label={t('saved.name')}
            required
            value={draft.name}
            error={errors.name}
            onChange={(name) => set({ name })}
          />
          <SelectField
            id={`${uid}-scope`}
            label={t('saved.scope')}
            value={draft.scope}
            onChange={(scope) => set({ scope: scope as Scope })}
            options={(['private', 'customer', 'global'] as const).map((s) => ({
              value: s,
              label: t(`saved.scopes.${s}`),
            }))}
          />
          {draft.scope === 'customer' && (
            <SelectField
              id={`${uid}-customer`}
              label={t('saved.customer')}
              value={draft.customerId}
              error={errors.customerId}
              onChange={(customerId) => set({ customerId })}
              options={customers.map((c) => ({ value: c.customer_id, label: c.name }))}
            />
          )}
          {draft.scope !== 'customer' && narrowedTo.length > 0 && (
            <p className="search-hint">
              {t('saved.narrowedTo', { names: narrowedTo.map(nameOf).join(', ') })}
            </p>
          )}
          {existing && <p className="search-hint">{t('saved.editHint')}</p>}
          <FormFailure failure={form.failure} />
          <div className="modal__actions">
            <button type="submit" className="button button--primary" disabled={form.busy}>
              {existing ? t('saved.update') : t('saved.save')}
            </button>
            <button type="button" className="button" onClick={requestClose}>
              {t('saved.cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}
