import type { NewAlert } from '../../alerts/index.ts';

/** The part of a Graph security alert (alerts_v2) the product keeps. */
export interface GraphAlert {
  id: string;
  tenantId?: string | null;
  title?: string | null;
  description?: string | null;
  severity?: string | null;
  status?: string | null;
  category?: string | null;
  serviceSource?: string | null;
  detectionSource?: string | null;
  providerAlertId?: string | null;
  incidentId?: string | null;
  alertWebUrl?: string | null;
  mitreTechniques?: string[] | null;
  createdDateTime?: string | null;
  lastUpdateDateTime?: string | null;
  evidence?:
    | {
        '@odata.type'?: string;
        deviceDnsName?: string | null;
        mdeDeviceId?: string | null;
        osPlatform?: string | null;
      }[]
    | null;
}

/** Graph's severities in ours. */
const PRIORITY: Record<string, string> = {
  high: 'high',
  medium: 'medium',
  low: 'low',
  informational: 'info',
};

const short = (value: string | null | undefined, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/** A Graph alert as one of ours: its device (the first device in its evidence) names the host. */
export function alertFromGraph(alert: GraphAlert, integrationId: string, customerId: string): NewAlert {
  const device = alert.evidence?.find((item) => item['@odata.type']?.endsWith('deviceEvidence'));
  return {
    customerId,
    integrationId,
    title: short(alert.title, 500) ?? `Microsoft Defender alert ${alert.id}`,
    type: short(alert.category, 100)?.toLowerCase() ?? 'defender',
    priority: PRIORITY[alert.severity ?? ''] ?? 'medium',
    severity: short(alert.severity, 50),
    hostName: short(device?.deviceDnsName, 253),
    hostOs: short(device?.osPlatform, 100),
    externalSource: 'Microsoft Defender',
    fields: {
      graph_alert_id: alert.id,
      tenant_id: alert.tenantId ?? null,
      provider_alert_id: alert.providerAlertId ?? null,
      incident_id: alert.incidentId ?? null,
      service_source: alert.serviceSource ?? null,
      detection_source: alert.detectionSource ?? null,
      status: alert.status ?? null,
      mitre_techniques: alert.mitreTechniques ?? [],
      description: short(alert.description, 4000) ?? null,
      alert_web_url: alert.alertWebUrl ?? null,
      mde_device_id: device?.mdeDeviceId ?? null,
      created: alert.createdDateTime ?? null,
    },
  };
}
