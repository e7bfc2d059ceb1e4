import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from './stored.ts';

const HIDE_LANDING = 'watchfloor.assistant.hideLanding';

/** Whether the landing screen was dismissed for good on this browser. */
export const landingHidden = () => readStored(HIDE_LANDING) === 'true';

/** The landing screen (spec 2, section 9), with "do not show again". */
export function Landing({ onStart }: { onStart(): void }) {
  const { t } = useTranslation('assistant');
  const [hide, setHide] = useState(false);
  const id = useId();
  return (
    <section className="assistant-landing" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('landing.heading')}</h3>
      <p>{t('landing.body')}</p>
      <label className="assistant-landing__hide">
        <input type="checkbox" checked={hide} onChange={(event) => setHide(event.target.checked)} />
        {t('landing.dontShowAgain')}
      </label>
      <button
        type="button"
        className="button button--primary"
        data-assistant-start
        onClick={() => {
          if (hide) writeStored(HIDE_LANDING, 'true');
          onStart();
        }}
      >
        {t('landing.start')}
      </button>
    </section>
  );
}

/** The default prompts (spec 2, section 9): one press asks it. */
export function DefaultPrompts({ onAsk, onAlert }: { onAsk(prompt: string): void; onAlert: boolean }) {
  const { t } = useTranslation('assistant');
  const prompts = [
    ...(onAlert ? [t('prompts.explainAlert')] : []),
    t('prompts.openCritical'),
    t('prompts.weekSummary'),
    t('prompts.vulnerabilities'),
  ];
  return (
    <section className="assistant-prompts" aria-label={t('prompts.heading')}>
      <h3>{t('prompts.heading')}</h3>
      <ul>
        {prompts.map((prompt) => (
          <li key={prompt}>
            <button type="button" className="button button--ghost" onClick={() => onAsk(prompt)}>
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
