import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { FormFailure, TextAreaField, useForm } from '../../components/form/index.ts';
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
  const loaded = asLoaded(useQuery(getDomainFuzzLists(uid)));
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
      {loaded.data && <FuzzListsEditor uid={uid} stored={loaded.data} />}
    </section>
  );
}

interface FuzzText extends Record<string, string> {
  words: string;
  tlds: string;
}
const textOf = (lists: DomainFuzzLists): FuzzText => ({
  words: lists.words.join('\n'),
  tlds: lists.tlds.join('\n'),
});

function FuzzListsEditor({ uid, stored }: { uid: string; stored: DomainFuzzLists }) {
  const { t } = useTranslation('domains');
  const id = useId();
  const canManage = useCan()('updateDomainFuzzLists');
  const [current, setCurrent] = useState(stored);
  const [saved, setSaved] = useState(false);
  const form = useForm<FuzzText>({
    initial: () => textOf(stored),
    guardsUnsaved: canManage,
    submit: async (values) => {
      setSaved(false);
      const entries = { words: entriesOf(values.words), tlds: entriesOf(values.tlds) };
      try {
        const lists = await updateDomainFuzzLists(
          uid,
          entries.words.map((e) => e.value),
          entries.tlds.map((e) => e.value),
        );
        setCurrent(lists);
        form.reset(textOf(lists));
        setSaved(true);
      } catch (error) {
        throw withRefusedEntries(error, entries, (list, entry) =>
          entry
            ? t(list === 'words' ? 'fuzz.wordInvalid' : 'fuzz.tldUnknown', {
                line: entry.line,
                value: entry.value,
              })
            : t(list === 'words' ? 'fuzz.tooManyWords' : 'fuzz.tooManyTlds'),
        );
      }
    },
  });

  const area = (list: ListName) => (
    <TextAreaField
      id={`${id}-${list}`}
      className="textarea domain-fuzz__list"
      label={t(`fuzz.${list}`)}
      rows={8}
      value={form.values[list]}
      readOnly={!canManage}
      spellCheck={false}
      error={form.errors[list]}
      onChange={(text) => form.set({ [list]: text })}
    />
  );

  return (
    <form {...form.formProps}>
      <p className="muted">
        {current.custom_words || current.custom_tlds ? t('fuzz.custom') : t('fuzz.defaults')}
      </p>
      <div className="domain-fuzz__lists">
        {area('words')}
        {area('tlds')}
      </div>
      {canManage ? (
        <button type="submit" className="button button--primary" disabled={form.busy}>
          {t('fuzz.save')}
        </button>
      ) : (
        <p className="muted">{t('fuzz.readOnly')}</p>
      )}
      <p role="status" className="muted">
        {form.busy && t('fuzz.saving')}
        {saved && !form.busy && t('fuzz.saved')}
      </p>
      <FormFailure failure={Object.keys(form.errors).length > 0 ? null : form.failure} />
      {form.prompt}
    </form>
  );
}

type Entry = { value: string; line: number };

/** The server's refusals of list entries (`words[3]`) told by the line they came from. */
function withRefusedEntries(
  error: unknown,
  entries: Record<ListName, Entry[]>,
  told: (list: ListName, entry: Entry | undefined) => string,
) {
  if (!(error instanceof ApiError) || error.fields.length === 0) return error;
  const fields = error.fields.map((f) => {
    const match = /^(?:body\.)?(words|tlds)(?:\[(\d+)\])?$/.exec(f.field);
    if (!match) return f;
    const list = match[1] as ListName;
    return { ...f, reason: told(list, match[2] === undefined ? undefined : entries[list][Number(match[2])]) };
  });
  return new ApiError(error.status, error.code, error.message, fields);
}
