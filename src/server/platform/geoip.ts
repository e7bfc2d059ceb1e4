import { type CityResponse, open, type Reader } from 'maxmind';

export interface Place {
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

const readers = new Map<string, Promise<Reader<CityResponse>>>();

/**
 * Opens a MaxMind database file once per process (City files place an address, Country files
 * name its country only). A file that cannot be read rejects, and is tried again next time.
 */
export function geoipReader(file: string): Promise<Reader<CityResponse>> {
  let reader = readers.get(file);
  if (!reader) {
    reader = open<CityResponse>(file);
    readers.set(file, reader);
    reader.catch(() => readers.delete(file));
  }
  return reader;
}

/** Where an address is, as far as the database knows; private and unknown addresses are nowhere. */
export function placeOf(reader: Reader<CityResponse>, address: string): Place {
  try {
    const found = reader.get(address);
    return {
      country: found?.country?.iso_code ?? found?.registered_country?.iso_code ?? null,
      latitude: found?.location?.latitude ?? null,
      longitude: found?.location?.longitude ?? null,
    };
  } catch {
    return { country: null, latitude: null, longitude: null };
  }
}
