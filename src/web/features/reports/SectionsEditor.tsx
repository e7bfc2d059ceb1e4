import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportSectionKind } from './api.ts';
import {
  ADD_CHOICES,
  type AddChoice,
  componentOf,
  type DraftComponent,
  moved,
  removed,
  replaced,
} from './draft.ts';

export interface SectionsEditorProps {
  components: DraftComponent[];
  onChange(components: DraftComponent[]): void;
  error?: string | undefined;
  /** The report names a saved search, which a saved-search section lists. */
  hasSavedSearch: boolean;
}

/**
 * The report's document, part by part (spec 2, section 2: header, body, horizontal rule, page
 * break, and each data section the server offers). Keyboard first: each part is one Tab stop
 * whose Alt+↑/Alt+↓ move it and Delete removes it; its settings and buttons follow it; focus
 * follows a moved part, and goes to the new one when added.
 */
export function SectionsEditor({ components, onChange, error, hasSavedSearch }: SectionsEditorProps) {
  const { t } = useTranslation('reports');
  const uid = useId();
  const [choice, setChoice] = useState<AddChoice>('body');
  const items = useRef(new Map<string, HTMLLIElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  useEffect(() => {
    if (focusKey) items.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const move = (index: number, step: -1 | 1) => {
    onChange(moved(components, index, step));
    setFocusKey(components[index]!.key);
  };
  const remove = (index: number) => {
    onChange(removed(components, index));
    const next = components[index + 1] ?? components[index - 1];
    setFocusKey(next?.key ?? null);
  };
  const add = () => {
    const component = componentOf(choice);
    onChange([...components, component]);
    setFocusKey(component.key);
  };
  const onItemKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && event.key === 'ArrowUp') move(index, -1);
    else if (event.altKey && event.key === 'ArrowDown') move(index, 1);
    else if (event.key === 'Delete') remove(index);
    else return;
    event.preventDefault();
  };
  const labelOfChoice = (option: AddChoice) =>
    option.startsWith('section:')
      ? t(`section.${option.slice(8) as ReportSectionKind}`)
      : t(`component.${option as 'header' | 'body' | 'rule' | 'page_break'}`);
  const labelOf = (c: DraftComponent) =>
    c.type === 'section'
      ? t(`section.${c.section ?? 'kpis'}`)
      : t(`component.${c.type as 'header' | 'body' | 'rule' | 'page_break'}`);

  return (
    <section className="report-sections" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('sections.title')}</h2>
      <p className="muted" id={`${uid}-hint`}>
        {t('sections.hint')}
      </p>
      {components.length === 0 ? (
        <p className="empty">{t('sections.empty')}</p>
      ) : (
        <ol className="report-sections__list" aria-describedby={`${uid}-hint`}>
          {components.map((c, index) => (
            <li
              key={c.key}
              ref={(node) => {
                if (node) items.current.set(c.key, node);
                else items.current.delete(c.key);
              }}
              className="report-section"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: each part is a Tab stop its keys act on
              tabIndex={0}
              aria-label={t('sections.item', {
                index: index + 1,
                count: components.length,
                label: labelOf(c),
              })}
              onKeyDown={(event) => onItemKey(event, index)}
            >
              <div className="report-section__head">
                <strong>{labelOf(c)}</strong>
                <span className="report-section__buttons">
                  <button
                    type="button"
                    className="button button--small"
                    disabled={index === 0}
                    aria-label={t('sections.moveUp', { label: labelOf(c) })}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={index === components.length - 1}
                    aria-label={t('sections.moveDown', { label: labelOf(c) })}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('sections.remove', { label: labelOf(c) })}
                    onClick={() => remove(index)}
                  >
                    {t('sections.removeShort')}
                  </button>
                </span>
              </div>
              {c.section === 'saved_search' && !hasSavedSearch && (
                <p className="field__error">{t('sections.savedSearchNeeded')}</p>
              )}
              <ComponentSettings
                id={`${uid}-${c.key}`}
                component={c}
                onChange={(next) => onChange(replaced(components, index, next))}
              />
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="report-sections__add">
        <label htmlFor={`${uid}-add`}>{t('sections.addLabel')}</label>
        <select
          id={`${uid}-add`}
          className="select"
          value={choice}
          onChange={(event) => setChoice(event.target.value as AddChoice)}
        >
          {ADD_CHOICES.map((option) => (
            <option key={option} value={option}>
              {labelOfChoice(option)}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={add}>
          {t('sections.add')}
        </button>
      </div>
    </section>
  );
}

/** A part's own settings: the text of a header or body, the title and row limit of a data section. */
function ComponentSettings({
  id,
  component: c,
  onChange,
}: {
  id: string;
  component: DraftComponent;
  onChange(next: DraftComponent): void;
}) {
  const { t } = useTranslation('reports');
  if (c.type === 'header')
    return (
      <label className="report-section__setting">
        <span>{t('sections.headerText')}</span>
        <input
          id={`${id}-text`}
          className="input"
          value={c.text ?? ''}
          onChange={(event) => onChange({ ...c, text: event.target.value })}
        />
      </label>
    );
  if (c.type === 'body')
    return (
      <label className="report-section__setting">
        <span>{t('sections.bodyText')}</span>
        <textarea
          id={`${id}-text`}
          className="textarea"
          rows={4}
          value={c.text ?? ''}
          onChange={(event) => onChange({ ...c, text: event.target.value })}
        />
      </label>
    );
  if (c.type !== 'section') return null;
  return (
    <div className="report-section__settings">
      <label className="report-section__setting">
        <span>{t('sections.sectionTitle')}</span>
        <input
          id={`${id}-title`}
          className="input"
          value={c.title ?? ''}
          placeholder={t(`section.${c.section ?? 'kpis'}`)}
          onChange={(event) => onChange({ ...c, title: event.target.value })}
        />
      </label>
      <label className="report-section__setting report-section__setting--narrow">
        <span>{t('sections.limit')}</span>
        <input
          id={`${id}-limit`}
          className="input"
          inputMode="numeric"
          value={c.limit ? String(c.limit) : ''}
          onChange={(event) => {
            const limit = Number.parseInt(event.target.value, 10);
            onChange({ ...c, limit: Number.isFinite(limit) && limit > 0 ? Math.min(limit, 100) : undefined });
          }}
        />
      </label>
    </div>
  );
}
