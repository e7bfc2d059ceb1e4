import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { errorIdOf, FieldError, SelectField } from '../../components/form/index.ts';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { changedFrom, useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
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
  const [flags, setFlags] = useState({
    enabled: policy.enabled,
    password_reuse_warning: policy.password_reuse_warning,
    report_blocked_visits: policy.report_blocked_visits,
  });
  const [mode, setMode] = useState<DomainMode>(policy.risky_domain_mode);
  const [lists, setLists] = useState<Record<List, string>>({
    allowed_domains: policy.allowed_domains.join('\n'),
    blocked_domains: policy.blocked_domains.join('\n'),
  });
  const [errors, setErrors] = useState<Partial<Record<List, string>>>({});
  const [busy, setBusy] = useState(false);
  const [opened] = useState(() => ({ flags, mode, lists }));
  const dirty = changedFrom({ flags, mode, lists }, opened) && !busy;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const check = (): Partial<Record<List, string>> => {
    const found: Partial<Record<List, string>> = {};
    for (const list of LISTS) {
      const lines = linesOf(lists[list]);
      const bad = lines.findIndex((line) => line.length > 253 || !DOMAIN.test(line));
      if (bad >= 0)
        found[list] = t('chrome.lineError', { message: t('chrome.invalidDomain'), line: lines[bad] });
      else if (lines.length > MAX_DOMAINS) found[list] = t('chrome.tooMany', { max: MAX_DOMAINS });
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = LISTS.find((list) => found[list]);
    if (first) {
      document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const body: ChromePolicy = {
      ...flags,
      risky_domain_mode: mode,
      allowed_domains: linesOf(lists.allowed_domains),
      blocked_domains: linesOf(lists.blocked_domains),
    };
    try {
      const saved = await saveChromePolicy(customer.customer_id, body);
      queryClient.setQueryData(getCustomerChromePolicy(customer.customer_id).queryKey, saved);
      notify({ severity: 'success', title: t('chrome.saved'), message: customer.name });
      onSaved();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      const refused: Partial<Record<List, string>> = {};
      for (const f of fields) {
        const match = /^body\.(allowed_domains|blocked_domains)(?:\[(\d+)\])?$/.exec(f.field);
        if (!match) continue;
        const list = match[1] as List;
        const line = match[2] === undefined ? undefined : body[list][Number(match[2])];
        refused[list] = line === undefined ? f.reason : t('chrome.lineError', { message: f.reason, line });
      }
      setErrors(refused);
      if (Object.keys(refused).length === 0) {
        notify({ severity: 'danger', title: t('errors.chromePolicySave'), message: common('tryAgainLater') });
      }
      setBusy(false);
    }
  };

  return (
    <>
      <form id={`${uid}-form`} className="form" onSubmit={submit} noValidate>
        <fieldset className="form" disabled={!canManage}>
          <legend className="sr-only">{t('chrome.legend')}</legend>
          {FLAGS.slice(0, 1).map((flag) => (
            <label className="checkbox-field" key={flag}>
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(e) => setFlags((v) => ({ ...v, [flag]: e.target.checked }))}
              />
              {t(`chrome.fields.${flag}`)}
            </label>
          ))}
          <SelectField
            id={`${uid}-mode`}
            label={t('chrome.fields.risky_domain_mode')}
            value={mode}
            onChange={(value) => setMode(value as DomainMode)}
            options={MODES.map((m) => ({ value: m, label: t(`chrome.modes.${m}`) }))}
          />
          {FLAGS.slice(1).map((flag) => (
            <label className="checkbox-field" key={flag}>
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(e) => setFlags((v) => ({ ...v, [flag]: e.target.checked }))}
              />
              {t(`chrome.fields.${flag}`)}
            </label>
          ))}
          {LISTS.map((list) => (
            <div className="field" key={list}>
              <label htmlFor={`${uid}-${list}`} className="field__label">
                {t(`chrome.fields.${list}`)}
              </label>
              <textarea
                id={`${uid}-${list}`}
                className="input"
                rows={4}
                value={lists[list]}
                aria-invalid={errors[list] ? true : undefined}
                aria-describedby={errors[list] ? errorIdOf(`${uid}-${list}`) : `${uid}-${list}-help`}
                onChange={(e) => setLists((v) => ({ ...v, [list]: e.target.value }))}
              />
              {!errors[list] && (
                <p id={`${uid}-${list}-help`} className="field__help">
                  {t('chrome.listHelp', { max: MAX_DOMAINS })}
                </p>
              )}
              <FieldError id={`${uid}-${list}`} error={errors[list]} />
            </div>
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
          <button type="submit" form={`${uid}-form`} className="button button--primary" disabled={busy}>
            {t('chrome.save')}
          </button>
        )}
      </div>
    </>
  );
}
