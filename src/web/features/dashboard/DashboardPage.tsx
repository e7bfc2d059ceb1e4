import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compactNumber } from '../../../common/format.ts';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useScreenKeys } from '../../keyboard/use-screen-keys.ts';
import { useIsActivePage, useSelectedCustomers, useShellData } from '../../shell/index.ts';
import {
  DASHBOARD_SPANS,
  type DashboardSpan,
  getDashboardAlertsOverTime,
  getDashboardAlertTypes,
  getDashboardHealth,
  getDashboardIngest,
  getDashboardOpenAlerts,
  getDashboardResponseTimes,
} from './api.ts';
import { ChartCard } from './ChartCard.tsx';
import {
  agentHealthModel,
  alertsOverTimeModel,
  alertTypesModel,
  type Formats,
  ingestModel,
  openAlertsModel,
  responseTimesModel,
} from './models.ts';
import './dashboard.css';

const CHARTS = ['overTime', 'openAlerts', 'responseTimes', 'alertTypes', 'agentHealth', 'ingest'] as const;
type ChartId = (typeof CHARTS)[number];

/**
 * / (spec 2, section 7 and issue 10): the state of every customer at a glance, for the shell's
 * customer filter and a date range: alerts over time by priority, open alerts by customer and
 * status, time to acknowledge and close, top alert types, agent health and ingest volume. Each
 * chart has a table view (t switches all of them) and opens its list on Enter.
 */
export function DashboardPage(_: ScreenProps) {
  const { t, i18n } = useTranslation('dashboard');
  const active = useIsActivePage();
  const { selected } = useSelectedCustomers();
  const { customers } = useShellData();
  const [days, setDays] = useState<DashboardSpan>(30);
  const [tables, setTables] = useState<ReadonlySet<ChartId>>(new Set());
  const rangeRef = useRef<HTMLSelectElement>(null);

  const names = useMemo(() => new Map(customers.map((c) => [c.customer_id, c.name])), [customers]);
  const name = useCallback((id: string) => names.get(id) ?? id, [names]);
  const formats = useMemo<Formats>(() => {
    const language = i18n.language;
    const hour = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      count: (value) => compactNumber(value),
      bytes: (value) => t('units.bytes', { value: compactNumber(value) }),
      duration: (seconds) =>
        seconds < 3600
          ? t('units.minutes', { value: Math.round(seconds / 60) })
          : seconds < 172_800
            ? t('units.hours', { value: Math.round(seconds / 360) / 10 })
            : t('units.days', { value: Math.round(seconds / 8640) / 10 }),
      bucket: (start, unit) => (unit === 'hour' ? hour : day).format(new Date(start)),
      day: (value) => day.format(new Date(`${value}T00:00:00Z`)),
    };
  }, [i18n.language, t]);

  const overTime = asLoaded(useQuery(getDashboardAlertsOverTime(selected, days)));
  const open = asLoaded(useQuery(getDashboardOpenAlerts(selected)));
  const times = asLoaded(useQuery(getDashboardResponseTimes(selected, days)));
  const types = asLoaded(useQuery(getDashboardAlertTypes(selected, days)));
  const health = asLoaded(useQuery(getDashboardHealth(selected)));
  const ingest = asLoaded(useQuery(getDashboardIngest(selected, days)));

  const models = useMemo(
    () => ({
      overTime: overTime.data && alertsOverTimeModel(overTime.data, t, formats),
      openAlerts: open.data && openAlertsModel(open.data, t, formats, name),
      responseTimes: times.data && responseTimesModel(times.data, t, formats, name, days),
      alertTypes: types.data && alertTypesModel(types.data, t, formats, days),
      agentHealth: health.data && agentHealthModel(health.data, t, formats, name),
      ingest: ingest.data && ingestModel(ingest.data, t, formats),
    }),
    [overTime.data, open.data, times.data, types.data, health.data, ingest.data, t, formats, name, days],
  );
  const loads = {
    overTime,
    openAlerts: open,
    responseTimes: times,
    alertTypes: types,
    agentHealth: health,
    ingest,
  };

  const toggle = (chart: ChartId) =>
    setTables((current) => {
      const next = new Set(current);
      if (next.has(chart)) next.delete(chart);
      else next.add(chart);
      return next;
    });
  const toggleAll = () =>
    setTables((current) => (current.size === CHARTS.length ? new Set() : new Set(CHARTS)));
  useScreenKeys(
    { 'dashboard.tables': toggleAll, 'dashboard.range': () => rangeRef.current?.focus() },
    active,
  );

  const categoryLabels: Record<ChartId, string> = {
    overTime: t('columns.period'),
    openAlerts: t('columns.customer'),
    responseTimes: t('columns.customer'),
    alertTypes: t('columns.type'),
    agentHealth: t('columns.customer'),
    ingest: t('columns.day'),
  };

  return (
    <div className="page-body dashboard-page">
      <header className="page-header dashboard-page__header">
        <h1>{t('title')}</h1>
        <label className="field-inline">
          <span>{t('range.label')}</span>
          <select
            ref={rangeRef}
            className="select"
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as DashboardSpan)}
          >
            {DASHBOARD_SPANS.map((d) => (
              <option key={d} value={d}>
                {t(`range.${d}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <div className="dashboard-grid">
        {CHARTS.map((chart) => (
          <ChartCard
            key={chart}
            title={t(`charts.${chart}.title`)}
            summary={t(`charts.${chart}.summary`, { range: t(`range.${days}`) })}
            categoryLabel={categoryLabels[chart]}
            load={loads[chart]}
            model={models[chart]}
            empty={t(`charts.${chart}.empty`)}
            asTable={tables.has(chart)}
            onToggle={() => toggle(chart)}
          />
        ))}
      </div>
    </div>
  );
}
