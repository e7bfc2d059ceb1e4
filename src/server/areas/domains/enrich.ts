import { type CountryResponse, open, type Reader } from 'maxmind';
import type { OutboundSettings } from '../../config.ts';
import { guardedFetch } from '../../platform/outbound/index.ts';

/** An RDAP answer is a small JSON document; anything larger is not one. */
const RDAP_MAX_BYTES = 1024 * 1024;

/**
 * The registration date RDAP gives for a name (its `registration` event); null when unknown.
 * RDAP services redirect to the registry that holds the name, so the look-up goes through the
 * outbound guard, each redirect checked.
 */
export async function registrationDate(
  baseUrl: string,
  name: string,
  outbound: OutboundSettings | undefined,
  timeoutMs = 5000,
): Promise<Date | null> {
  try {
    const res = await guardedFetch(
      `${baseUrl}/domain/${encodeURIComponent(name)}`,
      { headers: { accept: 'application/rdap+json, application/json' } },
      { settings: outbound, timeoutMs, maxBytes: RDAP_MAX_BYTES },
    );
    if (!res.ok) return null;
    const body = (await res.json()) as { events?: { eventAction?: string; eventDate?: string }[] };
    const event = body.events?.find((e) => e.eventAction === 'registration');
    const at = event?.eventDate ? new Date(event.eventDate) : null;
    return at && !Number.isNaN(at.getTime()) ? at : null;
  } catch {
    return null;
  }
}

const readers = new Map<string, Promise<Reader<CountryResponse>>>();

/** The ISO country of an address from a local MaxMind database, opened once per file. */
export async function countryOf(databaseFile: string, address: string): Promise<string | null> {
  let reader = readers.get(databaseFile);
  if (!reader) {
    reader = open<CountryResponse>(databaseFile);
    readers.set(databaseFile, reader);
  }
  try {
    return (await reader).get(address)?.country?.iso_code ?? null;
  } catch {
    return null;
  }
}
