import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentLoginLocation } from './api.ts';
import type { MapPlace } from './echarts-login-map.ts';

/** Sign-ins grouped by where they came from; those without coordinates are left to the table. */
export function placesOf(logins: readonly AgentLoginLocation[]): MapPlace[] {
  const places = new Map<string, MapPlace>();
  for (const login of logins) {
    if (login.latitude === null || login.latitude === undefined) continue;
    if (login.longitude === null || login.longitude === undefined) continue;
    const name =
      [login.city, login.country].filter(Boolean).join(', ') || `${login.latitude}, ${login.longitude}`;
    const key = `${login.longitude.toFixed(2)}/${login.latitude.toFixed(2)}`;
    const place = places.get(key);
    if (place) place.count += 1;
    else places.set(key, { name, coordinates: [login.longitude, login.latitude], count: 1 });
  }
  return [...places.values()];
}

/**
 * Where the sign-ins came from, on a world map. ECharts and the map data load on first use, in
 * their own chunk. The map is a picture: the table after it says the same to the keyboard and to
 * screen readers, which the caption points to.
 */
export function LoginMap({ logins }: { logins: readonly AgentLoginLocation[] }) {
  const { t } = useTranslation('agents');
  const box = useRef<HTMLDivElement>(null);
  const places = useMemo(() => placesOf(logins), [logins]);
  useEffect(() => {
    if (places.length === 0) return;
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    void import('./echarts-login-map.ts').then(({ drawLoginMap }) => {
      if (disposed || !box.current) return;
      chart = drawLoginMap(box.current, places);
    });
    return () => {
      disposed = true;
      chart?.dispose();
    };
  }, [places]);
  if (places.length === 0) return null;
  return (
    <figure className="agent-login-map">
      <div ref={box} className="agent-login-map__chart" aria-hidden="true" />
      <figcaption className="sr-only">{t('reports.logins.map', { count: places.length })}</figcaption>
    </figure>
  );
}
