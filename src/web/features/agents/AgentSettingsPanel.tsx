import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useCan } from '../../session/use-can.ts';
import { useLabs } from '../../session/use-labs.ts';
import { type AgentSettings, getAgentSettings, getTerminalCapability, updateAgentSettings } from './api.ts';

type Setting = 'syslog_forwarder' | 'terminal_enabled';

/**
 * The agent's syslog forwarder and terminal switches (saved at once; the agent applies them at its
 * next check-in) and whether the caller could start a terminal now. The syslog forwarder is
 * disabled without the customer's compliance licence, and says so.
 */
export function AgentSettingsPanel({
  agentId,
  canChange,
  onChanged,
}: {
  agentId: string;
  canChange: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation('agents');
  const uid = useId();
  // The terminal is a labs feature: its switch and state stay away until the user opts in.
  const terminalShown = useLabs('lab_terminal');
  const mayStartTerminals = useCan()('startTerminalSession');
  const settings = asLoaded(useQuery(getAgentSettings(agentId)));
  const capability = asLoaded(useQuery(getTerminalCapability(agentId)));
  const [saved, setSaved] = useState<AgentSettings | null>(null);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const current = saved ?? settings.data;

  const change = (setting: Setting, on: boolean) => {
    setSaving(true);
    setMessage('');
    updateAgentSettings(agentId, { [setting]: on }).then(
      (next) => {
        setSaved(next);
        setSaving(false);
        setMessage(t('settings.saved'));
        capability.reload();
        onChanged();
      },
      () => {
        setSaving(false);
        setMessage(t('settings.failed'));
      },
    );
  };

  const cap = capability.data;
  const terminalState = !cap
    ? ''
    : !cap.allowed
      ? mayStartTerminals
        ? t('settings.terminal.noCertificate')
        : t('settings.terminal.noPermission')
      : !cap.capable
        ? t('settings.terminal.notCapable')
        : !cap.active_connection
          ? t('settings.terminal.notConnected')
          : t('settings.terminal.ready');

  return (
    <LoadedContent
      as="section"
      className="agent-page__section"
      load={settings}
      empty={false}
      labels={{ empty: '', loadFailed: t('settings.loadFailed'), retry: t('retry') }}
      before={<h2 id={`${uid}-title`}>{t('settings.title')}</h2>}
    >
      {current && (
        <fieldset className="agent-settings" aria-labelledby={`${uid}-title`} disabled={saving}>
          {canChange ? (
            <>
              <label className="agent-settings__switch">
                <input
                  type="checkbox"
                  checked={current.syslog_forwarder}
                  disabled={!current.compliance_licence && !current.syslog_forwarder}
                  aria-describedby={current.compliance_licence ? undefined : `${uid}-licence`}
                  onChange={(e) => change('syslog_forwarder', e.target.checked)}
                />{' '}
                {t('settings.syslogForwarder')}
              </label>
              {!current.compliance_licence && (
                <p id={`${uid}-licence`} className="muted">
                  {t('settings.noComplianceLicence')}
                </p>
              )}
              {terminalShown && (
                <label className="agent-settings__switch">
                  <input
                    type="checkbox"
                    checked={current.terminal_enabled}
                    onChange={(e) => change('terminal_enabled', e.target.checked)}
                  />{' '}
                  {t('settings.terminalEnabled')}
                </label>
              )}
            </>
          ) : (
            // Without modify_all the switches would only be refused: the state reads as text.
            <p>
              {t('settings.syslogForwarder')}: {current.syslog_forwarder ? t('detail.yes') : t('detail.no')}
              {terminalShown && (
                <>
                  {' · '}
                  {t('settings.terminalEnabled')}:{' '}
                  {current.terminal_enabled ? t('detail.yes') : t('detail.no')}
                </>
              )}
            </p>
          )}
          {terminalShown && (
            <p>
              {t('settings.terminal.label')}: <span>{terminalState}</span>
            </p>
          )}
          <p role="status">{message}</p>
        </fieldset>
      )}
    </LoadedContent>
  );
}
