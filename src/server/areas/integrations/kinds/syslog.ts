import type { IntegrationKind } from './types.ts';

/**
 * CEF and LEEF over syslog: appliances send to the syslog listener with the instance's token per
 * customer in the structured data (RFC 5424), or as the tag or a word before the CEF or LEEF
 * message (RFC 3164, which has none); each CEF or LEEF message becomes an alert for that customer.
 * `min_severity` (0–10, CEF's scale; LEEF's sev too) drops the chatter below it.
 */
export const syslogKind: IntegrationKind = {
  kind: 'syslog_cef',
  direction: 'in',
  brings: ['alerts'],
  actions: [],
  fields: [
    { name: 'format', required: true, options: ['cef', 'leef'], default: 'cef' },
    {
      name: 'min_severity',
      required: true,
      pattern: { regex: '^([0-9]|10)$', format: '0-10' },
      default: '0',
    },
  ],
};
