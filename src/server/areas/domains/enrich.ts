import { type CountryResponse, open, type Reader } from 'maxmind';

/** The registration date RDAP gives for a name (its `registration` event); null when unknown. */
export async function registrationDate(
  baseUrl: string,
  name: string,
  timeoutMs = 5000,
): Promise<Date | null> {
  try {
    const res = await fetch(`${baseUrl}/domain/${encodeURIComponent(name)}`, {
      headers: { accept: 'application/rdap+json, application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
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
