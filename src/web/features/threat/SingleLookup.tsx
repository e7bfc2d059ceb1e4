import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { indicatorKind, isEmail, isUrl } from '../../../common/patterns.ts';
import { TextField } from '../../components/form/index.ts';
import { lookupThreat, type ThreatIntel, type ThreatKind } from './api.ts';
import { BreachResult } from './BreachResult.tsx';
import { failureText } from './messages.ts';
import { ThreatSightings } from './ThreatSightings.tsx';
import { VerdictFacts } from './VerdictFacts.tsx';

type Query = { kind: ThreatKind; value: string } | { kind: 'email'; value: string };

/** What the input is: an e-mail address, a URL (its host is looked up), or an IP, domain or hash. */
function queryOf(input: string): Query | null {
  const value = input.trim();
  if (isEmail(value)) return { kind: 'email', value: value.toLowerCase() };
  if (isUrl(value)) {
    try {
      const host = new URL(/^https?:\/\//i.test(value) ? value : `http://${value}`).hostname.replace(
        /^\[|\]$/g,
        '',
      );
      const kind = indicatorKind(host);
      return kind ? { kind, value: host } : null;
    } catch {
      return null;
    }
  }
  const kind = indicatorKind(value);
  return kind ? { kind, value: kind === 'ip' ? value : value.toLowerCase() } : null;
}

type Result =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; intel: ThreatIntel }
  | { status: 'email'; account: string }
  | { status: 'error'; message: string };

/** One look-up: an IP, domain, URL, hash (the store's verdict) or e-mail address (its breaches). */
export function SingleLookup() {
  const { t } = useTranslation('threat');
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<Result>({ status: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = queryOf(input);
    setInvalid(!query);
    if (!query) return;
    if (query.kind === 'email') {
      setResult({ status: 'email', account: query.value });
      return;
    }
    setResult({ status: 'loading' });
    try {
      setResult({ status: 'done', intel: await lookupThreat(query.kind, query.value) });
    } catch (error) {
      setResult({ status: 'error', message: failureText(t, error) });
    }
  };

  return (
    <section className="threat-section" aria-labelledby="threat-single">
      <h2 id="threat-single">{t('single.heading')}</h2>
      <form className="threat-form" onSubmit={submit} noValidate>
        <TextField
          id="threat-single-input"
          label={t('single.label')}
          value={input}
          onChange={setInput}
          hint={invalid ? undefined : t('single.hint')}
          error={invalid ? t('single.invalid') : undefined}
          autoComplete="off"
        />
        <button type="submit" className="button">
          {t('single.submit')}
        </button>
      </form>
      {result.status === 'loading' && <p className="muted">{t('single.loading')}</p>}
      {result.status === 'error' && <p role="alert">{result.message}</p>}
      {result.status === 'done' && (
        <>
          <VerdictFacts intel={result.intel} />
          <ThreatSightings of={{ kind: result.intel.kind, value: result.intel.value }} />
        </>
      )}
      {result.status === 'email' && <BreachResult key={result.account} account={result.account} />}
    </section>
  );
}
