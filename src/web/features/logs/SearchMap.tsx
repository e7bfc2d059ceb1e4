import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchMap as SearchMapData } from './api.ts';
import type { MapPoint } from './echarts-map.ts';

/** The addresses the table lists under the map. */
const LISTED = 10;

/**
 * The search's source addresses (`/graphs/{id}/map`) on a world map, each dot sized by its
 * events; ECharts and the map load on first use. Without GeoIP the server's message says why
 * there are no places; the busiest addresses are listed as text either way.
 */
export function SearchMap({ map }: { map: SearchMapData }) {
  const { t } = useTranslation('search');
  const box = useRef<HTMLDivElement>(null);
  const points = useMemo(
    (): MapPoint[] =>
      map.addresses.flatMap((a) =>
        a.latitude === null || a.longitude === null
          ? []
          : [
              {
                address: a.address,
                country: a.country,
                coordinates: [a.longitude, a.latitude],
                count: a.count,
              },
            ],
      ),
    [map],
  );
  const eventsLabel = t('map.events');
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    void import('./echarts-map.ts').then(({ drawAddressMap }) => {
      // A box without a size (not laid out) cannot hold the map; ECharts would fail on it.
      if (disposed || !box.current || box.current.clientWidth === 0) return;
      chart = drawAddressMap(box.current, points, eventsLabel);
    });
    return () => {
      disposed = true;
      chart?.dispose();
    };
  }, [points, eventsLabel]);
  return (
    <figure className="search-map" aria-label={t('map.title')}>
      <div ref={box} className="search-map-chart" data-testid="search-map-chart" aria-hidden="true" />
      <figcaption>
        <p role="status">
          {t('map.summary', { addresses: map.total_addresses, events: map.events_with_address })}{' '}
          {map.geoip === 'located' ? t('map.located', { placed: points.length }) : (map.message ?? '')}
        </p>
        {map.addresses.length > 0 && (
          <table className="table search-map-table">
            <caption className="sr-only">{t('map.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('map.address')}</th>
                <th scope="col">{t('map.country')}</th>
                <th scope="col">{t('map.events')}</th>
              </tr>
            </thead>
            <tbody>
              {map.addresses.slice(0, LISTED).map((a) => (
                <tr key={a.address}>
                  <td>{a.address}</td>
                  <td>{a.country ?? '–'}</td>
                  <td>{a.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </figcaption>
    </figure>
  );
}
