import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/form/index.ts';
import { applyUserLocale, currentLanguage } from '../../i18n/index.ts';
import { LANGUAGES, type Language } from '../../i18n/languages.ts';
import type { UserAttributes } from '../../session/types.ts';
import { useSession } from '../../session/use-session.ts';
import { applyTheme, DARK_QUERY, resolveTheme } from '../../shell/theme/resolve-theme.ts';
import { PreferenceSwitches, type SwitchAttribute } from './PreferenceSwitches.tsx';
import { TimestampFormatField } from './TimestampFormatField.tsx';
import { useSavePreference } from './use-save-preference.ts';

type ThemeChoice = NonNullable<UserAttributes['theme']>;
type PageSize = NonNullable<UserAttributes['default_page_size']>;

const THEMES = [
  { value: 'light', key: 'theme.light' },
  { value: 'dark', key: 'theme.dark' },
  { value: 'match-browser', key: 'theme.matchBrowser' },
] as const satisfies readonly { value: ThemeChoice; key: string }[];

/** Each language is offered under its own name. */
const LANGUAGE_NAMES = {
  'en-GB': 'languageNames.enGB',
  'en-US': 'languageNames.enUS',
  'de-DE': 'languageNames.deDE',
  'fi-FI': 'languageNames.fiFI',
} as const satisfies Record<Language, string>;

const PAGE_SIZES: readonly PageSize[] = [10, 25, 50, 100];

/** Spec 2, section 3: mail sent through the outbox by the alert-notifications job. */
const EMAIL_NOTIFICATIONS = [
  { attribute: 'email_assigned_alert', label: 'email.assigned', help: 'email.assignedHelp' },
  { attribute: 'email_new_alert', label: 'email.new', help: 'email.newHelp' },
  { attribute: 'email_alert_updated', label: 'email.updated', help: 'email.updatedHelp' },
] as const satisfies readonly { attribute: SwitchAttribute; label: string; help: string }[];

/** Spec 2, section 3: opt-in features per user (section 6). */
const LABS = [
  { attribute: 'lab_agent_actions', label: 'labs.agentActions' },
  { attribute: 'lab_beta_integrations', label: 'labs.betaIntegrations' },
  { attribute: 'lab_beta_reports', label: 'labs.betaReports' },
  { attribute: 'lab_new_case_interface', label: 'labs.newCaseInterface' },
  { attribute: 'lab_workflows', label: 'labs.workflows' },
  { attribute: 'lab_terminal', label: 'labs.terminal' },
  { attribute: 'lab_microsoft', label: 'labs.microsoft' },
  { attribute: 'lab_aviator', label: 'labs.aviator' },
  { attribute: 'lab_escalations', label: 'labs.escalations' },
] as const satisfies readonly { attribute: SwitchAttribute; label: string }[];

/**
 * The user's preferences (spec 1, section 3: user attributes). Every change is saved at once
 * and applied at once: the theme and the language switch before the server answers.
 */
export function PreferencesForm() {
  const { t } = useTranslation('profile');
  const { attributes } = useSession();
  const save = useSavePreference();
  const id = useId();
  const theme: ThemeChoice = attributes.theme ?? 'match-browser';
  const language = attributes.locale ?? currentLanguage();

  const chooseTheme = (value: ThemeChoice) => {
    applyTheme(resolveTheme(value, window.matchMedia?.(DARK_QUERY).matches ?? false));
    void save({ theme: value });
  };

  const chooseLanguage = (value: Language) => {
    applyUserLocale(value);
    void save({ locale: value });
  };

  return (
    <div className="form">
      <fieldset className="field">
        <legend className="field__label">{t('theme.label')}</legend>
        <div className="segmented">
          {THEMES.map((option) => (
            <label
              key={option.value}
              className={`segmented__option${theme === option.value ? ' is-checked' : ''}`}
            >
              <input
                type="radio"
                name={`${id}-theme`}
                id={`theme-${option.value}`}
                checked={theme === option.value}
                onChange={() => chooseTheme(option.value)}
              />
              {t(option.key)}
            </label>
          ))}
        </div>
      </fieldset>

      {/* Not the kit's SelectField: each language's name carries its own lang attribute. */}
      <div className="field">
        <label className="field__label" htmlFor="preference-language">
          {t('language.label')}
        </label>
        <select
          id="preference-language"
          className="select"
          value={language}
          onChange={(event) => chooseLanguage(event.target.value as Language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(LANGUAGE_NAMES[code])}
            </option>
          ))}
        </select>
      </div>

      <SelectField
        id="preference-page-size"
        label={t('pageSize.label')}
        className="select select--short"
        hint={t('pageSize.help')}
        value={String(attributes.default_page_size ?? 10)}
        onChange={(value) => void save({ default_page_size: Number(value) as PageSize })}
        options={PAGE_SIZES.map((size) => ({
          value: String(size),
          label: t('pageSize.option', { count: size }),
        }))}
      />

      <TimestampFormatField
        value={attributes.timestamp_format}
        onSave={(value) => void save({ timestamp_format: value })}
      />

      <div className="field field--row">
        <input
          id="preference-alert-audio"
          type="checkbox"
          role="switch"
          className="switch"
          checked={attributes.alert_audio === true}
          aria-checked={attributes.alert_audio === true}
          onChange={(event) => void save({ alert_audio: event.target.checked })}
        />
        <label htmlFor="preference-alert-audio">
          <span className="field__label">{t('alertAudio.label')}</span>
          <span className="field__help">{t('alertAudio.help')}</span>
        </label>
      </div>

      <PreferenceSwitches
        legend={t('email.legend')}
        help={t('email.help')}
        switches={EMAIL_NOTIFICATIONS.map((s) => ({
          attribute: s.attribute,
          label: t(s.label),
          help: t(s.help),
        }))}
        onSave={(values) => void save(values)}
      />
      <PreferenceSwitches
        legend={t('labs.legend')}
        help={t('labs.help')}
        switches={LABS.map((s) => ({ attribute: s.attribute, label: t(s.label) }))}
        onSave={(values) => void save(values)}
      />
    </div>
  );
}
