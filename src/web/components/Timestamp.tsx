import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/use-session.ts';
import { useNow } from '../shell/ticker/TickerProvider.tsx';
import { formatTimestamp, parseTimestampFormat } from './timestamp-format.ts';

/**
 * The user's timestamp format as a function. It stays the same until the format or language
 * changes (or, for relative times, the clock ticks), so a list can hand one to all its rows
 * instead of every cell reading the session.
 */
export function useFormatTimestamp(): (iso: string) => string {
  const { attributes } = useSession();
  const { i18n } = useTranslation();
  const setting = attributes.timestamp_format;
  const format = useMemo(() => parseTimestampFormat(setting), [setting]);
  const live = format.mode === 'relative';
  const now = useNow(live);
  const clock = live ? now : 0;
  const locale = i18n.language;
  return useCallback((iso: string) => formatTimestamp(iso, format, clock, locale), [format, clock, locale]);
}

/** A point in time as `format` writes it (see useFormatTimestamp). */
export function TimeText({ iso, format }: { iso: string; format(iso: string): string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toISOString()}>
      {format(iso)}
    </time>
  );
}

/** A point in time in the user's timestamp format; relative ones refresh every second. */
export function Timestamp({ iso }: { iso: string }) {
  return <TimeText iso={iso} format={useFormatTimestamp()} />;
}
