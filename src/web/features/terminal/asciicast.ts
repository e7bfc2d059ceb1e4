/** One event of an asciicast v2 recording: seconds from the start, its code and data. */
export interface CastEvent {
  time: number;
  code: string;
  data: string;
}

export interface Cast {
  width: number;
  height: number;
  title: string;
  events: CastEvent[];
}

/** Reads an asciicast v2 text (header line, then event lines); lines that are not events are skipped. */
export function parseCast(text: string): Cast {
  const [headerLine = '{}', ...lines] = text.split('\n').filter((line) => line.trim() !== '');
  const header = JSON.parse(headerLine) as { width?: number; height?: number; title?: string };
  const events: CastEvent[] = [];
  for (const line of lines) {
    const value = JSON.parse(line) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[2] === 'string')
      events.push({ time: value[0], code: String(value[1]), data: value[2] });
  }
  return { width: header.width ?? 80, height: header.height ?? 24, title: header.title ?? '', events };
}

/** Everything shown up to `time` (output events only), joined. */
export const outputUntil = (cast: Cast, time: number) =>
  cast.events
    .filter((e) => e.code === 'o' && e.time <= time)
    .map((e) => e.data)
    .join('');

export const castDuration = (cast: Cast) => cast.events.at(-1)?.time ?? 0;
