import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { errorIdOf, Field, FieldError } from '../../components/form/index.ts';
import { changedFrom, useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';
import { useCan } from '../../session/use-can.ts';
import { type DomainFuzzLists, getDomainFuzzLists, updateDomainFuzzLists } from './api.ts';

type ListName = 'words' | 'tlds';
/** Entries of a text area, one a line, with the line each came from (for the error). */
const entriesOf = (text: string) =>
  text
    .split('\n')
    .map((value, index) => ({ value: value.trim(), line: index + 1 }))
    .filter((e) => e.value !== '');

/**
 * The domain's dictionary words and swap suffixes, one a line. Saving sends them as the domain's
 * own lists; the next scan uses them. Each refused entry is named by its line.
 */
export function FuzzListsForm({ uid }: { uid: string }) {
  const { t } = useTranslation('domains');
  const id = useId();
  const canManage = useCan()('updateDomainFuzzLists');
  const loaded = asLoaded(useQuery(getDomainFuzzLists(uid)));
  const [text, setText] = useState<Record<ListName, string>>({ words: '', tlds: '' });
  const [errors, setErrors] = useState<Partial<Record<ListName, string>>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [current, setCurrent] = useState<DomainFuzzLists | null>(null);

  const stored = current && { words: current.words.join('\n'), tlds: current.tlds.join('\n') };
  const unsaved = useUnsavedChanges(
    canManage && stored !== null && status !== 'saving' && changedFrom(text, stored),
  );

  useEffect(() => {
    if (!loaded.data) return;
    setCurrent(loaded.data);
    setText({ words: loaded.data.words.join('\n'), tlds: loaded.data.tlds.join('\n') });
  }, [loaded.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entries = { words: entriesOf(text.words), tlds: entriesOf(text.tlds) };
    setStatus('saving');
    setErrors({});
    try {
      const saved = await updateDomainFuzzLists(
        uid,
        entries.words.map((e) => e.value),
        entries.tlds.map((e) => e.value),
      );
      setCurrent(saved);
      setText({ words: saved.words.join('\n'), tlds: saved.tlds.join('\n') });
      setStatus('saved');
    } catch (error) {
      setStatus('failed');
      if (!(error instanceof ApiError) || error.fields.length === 0) return;
      const found: Partial<Record<ListName, string>> = {};
      for (const { field } of error.fields) {
        const match = /^(words|tlds)(?:\[(\d+)\])?$/.exec(field);
        if (!match || found[match[1] as ListName]) continue;
        const list = match[1] as ListName;
        const entry = match[2] === undefined ? undefined : entries[list][Number(match[2])];
        found[list] = entry
          ? t(list === 'words' ? 'fuzz.wordInvalid' : 'fuzz.tldUnknown', {
              line: entry.line,
              value: entry.value,
            })
          : t(list === 'words' ? 'fuzz.tooManyWords' : 'fuzz.tooManyTlds');
      }
      setErrors(found);
    }
  };

  const area = (list: ListName) => {
    const areaId = `${id}-${list}`;
    return (
      <Field label={t(`fuzz.${list}`)}>
        <textarea
          id={areaId}
          className="input domain-fuzz__list"
          rows={8}
          value={text[list]}
          readOnly={!canManage}
          spellCheck={false}
          aria-invalid={errors[list] ? true : undefined}
          aria-describedby={errors[list] ? errorIdOf(areaId) : `${id}-hint`}
          onChange={(e) => setText((s) => ({ ...s, [list]: e.target.value }))}
        />
        <FieldError id={areaId} error={errors[list]} />
      </Field>
    );
  };

  return (
    <section className="card domain-fuzz" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('fuzz.heading')}</h2>
      {loaded.status === 'loading' && <p className="muted">{t('loading')}</p>}
      {loaded.status === 'error' && (
        <p role="alert">
          {t('fuzz.loadFailed')}{' '}
          <button type="button" className="button" onClick={loaded.reload}>
            {t('retry')}
          </button>
        </p>
      )}
      {current && (
        <form onSubmit={submit} noValidate>
          <p id={`${id}-hint`} className="muted">
            {t('fuzz.hint')}{' '}
            {current.custom_words || current.custom_tlds ? t('fuzz.custom') : t('fuzz.defaults')}
          </p>
          <div className="domain-fuzz__lists">
            {area('words')}
            {area('tlds')}
          </div>
          {canManage ? (
            <button type="submit" className="button button--primary" disabled={status === 'saving'}>
              {t('fuzz.save')}
            </button>
          ) : (
            <p className="muted">{t('fuzz.readOnly')}</p>
          )}
          <p role="status" className="muted">
            {status === 'saving' && t('fuzz.saving')}
            {status === 'saved' && t('fuzz.saved')}
          </p>
          {status === 'failed' && Object.keys(errors).length === 0 && (
            <p role="alert">{t('fuzz.saveFailed')}</p>
          )}
        </form>
      )}
      {unsaved.prompt}
    </section>
  );
}
