import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { LoadError } from '../../components/table/LoadError.tsx';
import { useCan } from '../../session/use-can.ts';
import { useToasts } from '../../shell/index.ts';
import { getIntegration, INTEGRATIONS_AREA, listIntegrationKinds, validateIntegration } from './api.ts';
import { EventBridgeSection, SyslogSetupSection } from './InboundSection.tsx';
import { MappingsSection } from './MappingsSection.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import './integrations.css';

/**
 * /integrations/{id} (spec 2, section 2): connection settings, validation, customer and hostname
 * mappings, and for inbound kinds the event bridge or syslog setup. `>validate` in the palette
 * runs the same validation as the button.
 */
export function IntegrationPage({ params }: ScreenProps) {
  const { t } = useTranslation('integrations');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const id = params.id ?? '';
  const loaded = asLoaded(useQuery(getIntegration(id)));
  const kinds = useQuery(listIntegrationKinds()).data;
  const can = useCan();
  const canEdit = can('updateIntegration');
  const [outcome, setOutcome] = useState<{ valid: boolean; message: string | null; issues: string[] } | null>(
    null,
  );
  const [validating, setValidating] = useState(false);
  const integration = loaded.data;
  const kind = kinds?.find((k) => k.kind === integration?.kind);

  const validate = useCallback(async () => {
    if (!integration) return;
    setValidating(true);
    try {
      const result = await validateIntegration(integration.id);
      setOutcome({
        valid: result.valid,
        message: result.message,
        issues: result.issues.map((issue) => `${issue.field}: ${issue.reason}`),
      });
      notify(
        result.valid
          ? {
              severity: 'success',
              title: t('validate.valid', { name: integration.name }),
              message: t('state.validated'),
            }
          : {
              severity: 'danger',
              title: result.message ?? t('errors.validate'),
              message: result.issues[0]?.reason ?? '',
            },
      );
      void invalidate(INTEGRATIONS_AREA);
    } catch {
      notify({ severity: 'danger', title: t('errors.validate'), message: common('tryAgainLater') });
    } finally {
      setValidating(false);
    }
  }, [integration, notify, t, common, invalidate]);

  const target = useMemo(
    () =>
      integration && canEdit && kind
        ? { kind: 'integration', actions: { 'integration.validate': () => void validate() } }
        : null,
    [integration, canEdit, kind, validate],
  );
  useProvideCommandTarget(target);

  if (loaded.status === 'error') {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <div className="page-body">
        <LoadError
          error={loaded.error}
          message={missing ? t('errors.notFound') : t('errors.loadOne')}
          retryLabel={t('retry')}
          onRetry={loaded.reload}
        />
      </div>
    );
  }
  return (
    <div className="page-body integration-page" aria-busy={loaded.status === 'loading'}>
      <header className="page-header">
        <div>
          <p className="muted">
            <Link href="/integrations">{t('title')}</Link>
          </p>
          <h1>{integration?.name ?? t('loading')}</h1>
          {integration && (
            <p className="muted">
              {t(`kinds.${integration.kind}`, { defaultValue: integration.kind })} ·{' '}
              <span data-testid="integration-state">
                {integration.validated_at ? t('state.validated') : t('state.notValidated')}
              </span>
            </p>
          )}
        </div>
        {integration && kind && canEdit && (
          <button type="button" className="button" disabled={validating} onClick={() => void validate()}>
            {t('validate.button')}
          </button>
        )}
      </header>
      {outcome && !outcome.valid && (
        <div className="card integration-page__outcome" role="alert">
          <p>{outcome.message}</p>
          <ul>
            {outcome.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      )}
      {integration?.pull_error && (
        <div className="card integration-page__outcome" role="status" data-testid="pull-error">
          <p>{t('pull.failed')}</p>
          <p>{integration.pull_error}</p>
        </div>
      )}
      {integration && !kind && kinds && <p className="muted">{t('notConfigurable')}</p>}
      {integration && kind && (
        <SettingsForm
          key={integration.updated_at}
          integration={integration}
          kind={kind}
          canEdit={canEdit}
          onSaved={() => void invalidate(INTEGRATIONS_AREA)}
        />
      )}
      {integration && kind?.direction === 'in' && (
        <MappingsSection integration={integration} canEdit={canEdit} />
      )}
      {integration?.kind === 'webhook' && <EventBridgeSection integration={integration} />}
      {integration?.kind === 'syslog_cef' && <SyslogSetupSection integration={integration} />}
    </div>
  );
}
