import { badRequest } from '../../errors.ts';
import { checkedTimeZone } from '../reports/index.ts';

/** Spec 2, section 5 wording. */
export const INVALID_PHONE = 'Please enter a valid Phone Number';
export const INVALID_EMAIL = 'Please enter a valid Email';
export const REQUIRED = 'This field is required.';
export const INVALID_URL = 'Please enter a valid web address (http, https or www).';
export const INVALID_COUNTRY_ISO = 'Please enter a two-letter country code.';

// International phone (+, then 2 to 15 digits, the first not 0); spaces, dashes and brackets are layout.
const PHONE = /^\+[1-9]\d{1,14}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const WEB_URL = /^(https?:\/\/|www\.)[^\s]+$/i;

export interface CustomerInput {
  name?: string;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip?: string | null;
  country_iso?: string | null;
  url?: string | null;
  time_zone?: string | null;
  locale?: string | null;
  mdr?: boolean;
  compliance_sku?: boolean;
  global_software_package?: boolean;
}

const TEXT_FIELDS = [
  'phone',
  'email',
  'address',
  'city',
  'state',
  'country',
  'zip',
  'country_iso',
  'url',
  'time_zone',
  'locale',
] as const;

/** The customer's columns from the request, trimmed, blanks as null; a 400 naming the first bad field. */
export function customerColumns(body: CustomerInput) {
  const text: Partial<Record<(typeof TEXT_FIELDS)[number], string | null>> = {};
  for (const field of TEXT_FIELDS) {
    if (body[field] === undefined) continue;
    const value = body[field]?.trim() ?? '';
    text[field] = value === '' ? null : value;
  }
  if (body.name !== undefined && body.name.trim() === '') throw badRequest('body.name', REQUIRED);
  if (text.phone && !PHONE.test(text.phone.replace(/[\s\-()]/g, '')))
    throw badRequest('body.phone', INVALID_PHONE);
  if (text.email && !EMAIL.test(text.email)) throw badRequest('body.email', INVALID_EMAIL);
  if (text.url && !WEB_URL.test(text.url)) throw badRequest('body.url', INVALID_URL);
  if (text.country_iso && !/^[A-Za-z]{2}$/.test(text.country_iso)) {
    throw badRequest('body.country_iso', INVALID_COUNTRY_ISO);
  }
  const timeZone = text.time_zone ? checkedTimeZone(text.time_zone, 'body.time_zone') : text.time_zone;
  return {
    ...(body.name !== undefined && { name: body.name.trim() }),
    ...('phone' in text && { phone: text.phone }),
    ...('email' in text && { email: text.email }),
    ...('address' in text && { address: text.address }),
    ...('city' in text && { city: text.city }),
    ...('state' in text && { state: text.state }),
    ...('country' in text && { country: text.country }),
    ...('zip' in text && { zip: text.zip }),
    ...('country_iso' in text && { countryIso: text.country_iso?.toUpperCase() ?? null }),
    ...('url' in text && { url: text.url }),
    ...('time_zone' in text && { timeZone }),
    ...('locale' in text && { locale: text.locale }),
    ...(body.mdr !== undefined && { mdr: body.mdr }),
    ...(body.compliance_sku !== undefined && { complianceSku: body.compliance_sku }),
    ...(body.global_software_package !== undefined && {
      globalSoftwarePackage: body.global_software_package,
    }),
  };
}
