import { useTranslation } from 'react-i18next';
import { useSession } from '../shell/session-bridge.ts';
import { useNow } from '../shell/ticker/TickerProvider.tsx';
import { formatTimestamp, parseTimestampFormat } from './timestamp-format.ts';

/** A point in time in the user's timestamp format; relative ones refresh every second. */
export function Timestamp({ iso }: { iso: string }) {
  const { attributes } = useSession();
  const { i18n } = useTranslation();
  const format = parseTimestampFormat(attributes.timestamp_format);
  const now = useNow(format.mode === 'relative');
  return (
    <time dateTime={iso} title={new Date(iso).toISOString()}>
      {formatTimestamp(iso, format, now, i18n.language)}
    </time>
  );
}
