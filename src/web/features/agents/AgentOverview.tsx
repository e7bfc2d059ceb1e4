import { useTranslation } from 'react-i18next';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { AgentAttributeForm } from './AgentAttributeForm.tsx';
import type { AgentDetail } from './api.ts';

const show = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** What the agent is and runs: its vitals, features, settings and attributes (with their expiry). */
export function AgentOverview({
  agent,
  canChange,
  onChanged,
}: {
  agent: AgentDetail;
  /** May set attributes (modify_all). */
  canChange: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation('agents');
  const format = useFormatTimestamp();
  const facts: [string, string][] = [
    [t('columns.platform'), `${agent.platform} · ${agent.architecture}`],
    [t('columns.version'), agent.short_novasoc_version],
    [t('detail.fullVersion'), agent.version],
    [t('columns.ip'), agent.ip ?? '–'],
    [t('columns.heartbeat_at'), agent.heartbeat_at ? format(agent.heartbeat_at) : '–'],
    [t('detail.nextCheckIn'), agent.next_check_in_at ? format(agent.next_check_in_at) : '–'],
    [t('detail.health'), t(`health.${agent.health}`)],
    [t('detail.isolatedUntil'), agent.isolated_until ? format(agent.isolated_until) : '–'],
  ];
  const flags: [string, boolean][] = [
    [t('filters.sysmon'), agent.sysmon_enabled],
    [t('filters.domain_controller'), agent.is_domain_controller],
    [t('filters.syslog_forwarder'), agent.syslog_forwarder],
    [t('detail.terminal'), agent.terminal_enabled],
  ];
  return (
    <>
      <section className="agent-page__section" aria-labelledby="agent-facts">
        <h2 id="agent-facts">{t('detail.about')}</h2>
        <dl className="agent-page__facts">
          {facts.map(([name, value]) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {flags.map(([name, on]) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt>{name}</dt>
              <dd>{on ? t('detail.yes') : t('detail.no')}</dd>
            </div>
          ))}
        </dl>
        {agent.health_issues.length > 0 && (
          <ul aria-label={t('detail.healthIssues')}>
            {agent.health_issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="agent-page__section" aria-labelledby="agent-features">
        <h2 id="agent-features">{t('detail.features')}</h2>
        <p>{agent.features.length ? agent.features.join(', ') : t('detail.none')}</p>
      </section>
      <section className="agent-page__section" aria-labelledby="agent-settings">
        <h2 id="agent-settings">{t('detail.settings')}</h2>
        <dl className="agent-page__facts">
          {Object.entries(agent.settings).map(([name, value]) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt>{name}</dt>
              <dd>
                {show(value)}
                {agent.applied_settings[name] !== undefined &&
                show(agent.applied_settings[name]) !== show(value)
                  ? ` (${t('detail.applied', { value: show(agent.applied_settings[name]) })})`
                  : ''}
              </dd>
            </div>
          ))}
        </dl>
        {Object.keys(agent.settings).length === 0 && <p>{t('detail.none')}</p>}
      </section>
      <section className="agent-page__section" aria-labelledby="agent-attributes">
        <h2 id="agent-attributes">{t('detail.attributes')}</h2>
        <dl className="agent-page__facts">
          {agent.attributes.map((a) => (
            <div key={a.name} style={{ display: 'contents' }}>
              <dt>{a.name}</dt>
              <dd>
                {show(a.value)}
                {a.expires_at ? ` (${t('detail.expires', { when: format(a.expires_at) })})` : ''}
              </dd>
            </div>
          ))}
        </dl>
        {agent.attributes.length === 0 && <p>{t('detail.none')}</p>}
        {canChange && <AgentAttributeForm agentId={agent.agent_id} onSaved={onChanged} />}
      </section>
    </>
  );
}
