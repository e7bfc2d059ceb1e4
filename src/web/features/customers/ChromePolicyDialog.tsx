import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { CheckboxField, SelectField, TextAreaField, useForm } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
import { useToasts } from '../../shell/index.ts';
import type { Customer } from './api.ts';
import {
  type ChromePolicy,
  type DomainMode,
  getCustomerChromePolicy,
  managedPolicyUrl,
  saveChromePolicy,
} from './extras-api.ts';

const MODES: readonly DomainMode[] = ['off', 'warn', 'block'];
const LISTS = ['allowed_domains', 'blocked_domains'] as const;
type List = (typeof LISTS)[number];
const FLAGS = ['enabled', 'password_reuse_warning', 'report_blocked_visits'] as const;
const MAX_DOMAINS = 500;
// A first check as the person types; the server's check (punycode, labels) has the last word.
const DOMAIN = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)(\.(?!-)[\p{L}\p{N}-]{1,63}(?<!-))+\.?$/u;

interface PolicyDraft extends Record<string, unknown> {
  enabled: boolean;
  password_reuse_warning: boolean;
  report_blocked_visits: boolean;
  risky_domain_mode: DomainMode;
  allowed_domains: string;
  blocked_domains: string;
}

/**
 * The server's refusal of one domain of a list (`body.blocked_domains[3]`) told with the line it
 * refused, as the screen's own check tells it; other refusals pass as they are.
 */
function withRefusedLines(
  error: unknown,
  body: ChromePolicy,
  told: (message: string, line: string) => string,
) {
  if (!(error instanceof ApiError)) return error;
  const fields = error.fields.map((f) => {
    const match = /^body\.(allowed_domains|blocked_domains)\[(\d+)\]$/.exec(f.field);
    const line = match ? body[match[1] as List][Number(match[2])] : undefined;
    return line === undefined ? f : { ...f, reason: told(f.reason, line) };
  });
  return new ApiError(error.status, error.code, error.message, fields);
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The customer's policy for the browser extension: staff who manage customers edit it, the
 * customer's own people read it; everyone may download the managed-policy JSON for Google Admin.
 */
export function ChromePolicyDialog({
  customer,
  canManage,
  onClose,
}: {
  customer: Customer;
  canManage: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('customers');
  const loaded = asLoaded(useQuery(getCustomerChromePolicy(customer.customer_id)));
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const close = () => unsaved.guard(onClose);
  return (
    <>
      <ModalDialog title={t('chrome.title', { name: customer.name })} onClose={close} wide>
        {loaded.status === 'error' ? (
          <div role="alert" className="field__error">
            <p>{t('errors.chromePolicy')}</p>
            <button type="button" className="button" onClick={loaded.reload}>
              {t('retry')}
            </button>
          </div>
        ) : loaded.data ? (
          <ChromePolicyForm
            customer={customer}
            policy={loaded.data}
            canManage={canManage}
            onCancel={close}
            onSaved={onClose}
            onDirty={setDirty}
          />
        ) : (
          <Spinner label={t('chrome.loading')} />
        )}
      </ModalDialog>
      {unsaved.prompt}
    </>
  );
}

function ChromePolicyForm({
  customer,
  policy,
  canManage,
  onCancel,
  onSaved,
  onDirty,
}: {
  customer: Customer;
  policy: ChromePolicy;
  canManage: boolean;
  /** Cancel: asks first when something is unsaved. */
  onCancel(): void;
  onSaved(): void;
  /** Tells the dialog whether something typed is unsaved, for its leave guard. */
  onDirty(dirty: boolean): void;
}) {
  const { t } = useTranslation('customers');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const uid = useId();
  const form = useForm<PolicyDraft>({
    // The dialog around the form guards leaving, told through onDirty.
    guardsUnsaved: false,
    initial: () => ({
      enabled: policy.enabled,
      password_reuse_warning: policy.password_reuse_warning,
      report_blocked_visits: policy.report_blocked_visits,
      risky_domain_mode: policy.risky_domain_mode,
      allowed_domains: policy.allowed_domains.join('\n'),
      blocked_domains: policy.blocked_domains.join('\n'),
    }),
    check: (values) => {
      const found: Partial<Record<List, string>> = {};
      for (const list of LISTS) {
        const lines = linesOf(values[list]);
        const bad = lines.findIndex((line) => line.length > 253 || !DOMAIN.test(line));
        if (bad >= 0)
          found[list] = t('chrome.lineError', { message: t('chrome.invalidDomain'), line: lines[bad] });
        else if (lines.length > MAX_DOMAINS) found[list] = t('chrome.tooMany', { max: MAX_DOMAINS });
      }
      return found;
    },
    submit: async (values) => {
      const body: ChromePolicy = {
        ...values,
        allowed_domains: linesOf(values.allowed_domains),
        blocked_domains: linesOf(values.blocked_domains),
      };
      try {
        const saved = await saveChromePolicy(customer.customer_id, body);
        queryClient.setQueryData(getCustomerChromePolicy(customer.customer_id).queryKey, saved);
      } catch (error) {
        throw withRefusedLines(error, body, (message, line) => t('chrome.lineError', { message, line }));
      }
      notify({ severity: 'success', title: t('chrome.saved'), message: customer.name });
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.fields.length === 0)
        notify({ severity: 'danger', title: t('errors.chromePolicySave'), message: common('tryAgainLater') });
    },
  });
  const { values, set } = form;
  useEffect(() => onDirty(form.dirty), [form.dirty, onDirty]);

  return (
    <>
      <form id={`${uid}-form`} className="form" {...form.formProps}>
        <fieldset className="form" disabled={!canManage}>
          <legend className="sr-only">{t('chrome.legend')}</legend>
          {FLAGS.slice(0, 1).map((flag) => (
            <CheckboxField
              key={flag}
              id={`${uid}-${flag}`}
              label={t(`chrome.fields.${flag}`)}
              checked={values[flag]}
              onChange={(checked) => set({ [flag]: checked })}
            />
          ))}
          <SelectField
            id={`${uid}-mode`}
            label={t('chrome.fields.risky_domain_mode')}
            value={values.risky_domain_mode}
            onChange={(value) => set({ risky_domain_mode: value as DomainMode })}
            options={MODES.map((m) => ({ value: m, label: t(`chrome.modes.${m}`) }))}
          />
          {FLAGS.slice(1).map((flag) => (
            <CheckboxField
              key={flag}
              id={`${uid}-${flag}`}
              label={t(`chrome.fields.${flag}`)}
              checked={values[flag]}
              onChange={(checked) => set({ [flag]: checked })}
            />
          ))}
          {LISTS.map((list) => (
            <TextAreaField
              key={list}
              id={`${uid}-${list}`}
              className="input"
              rows={4}
              label={t(`chrome.fields.${list}`)}
              hint={t('chrome.listHelp', { max: MAX_DOMAINS })}
              value={values[list]}
              error={form.errors[list]}
              onChange={(text) => set({ [list]: text })}
            />
          ))}
        </fieldset>
      </form>
      <p className="field__help">{t('chrome.managedExplain')}</p>
      <div className="button-row">
        <a className="button" href={managedPolicyUrl(customer.customer_id)} download>
          {t('chrome.download')}
        </a>
        <button type="button" className="button" onClick={onCancel}>
          {canManage ? t('form.cancel') : t('chrome.close')}
        </button>
        {canManage && (
          <button type="submit" form={`${uid}-form`} className="button button--primary" disabled={form.busy}>
            {t('chrome.save')}
          </button>
        )}
      </div>
    </>
  );
}
