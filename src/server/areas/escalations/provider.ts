import { outboundSettings } from '../../config.ts';
import { guardedFetch } from '../../platform/outbound/index.ts';

/** Where text messages and calls go: one real client (Twilio's REST API) behind this interface. */
export interface PhoneProvider {
  sendSms(to: string, body: string): Promise<{ id: string }>;
  call(to: string, spoken: string): Promise<{ id: string }>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com unless TWILIO_API_URL names another (a regional edge, a test server). */
  apiUrl: string;
}

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (the sending number); null when any is unset. */
export function twilioSettings(env: NodeJS.ProcessEnv = process.env): TwilioSettings | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env;
  if (!accountSid || !authToken || !from) return null;
  const apiUrl = (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/+$/, '');
  return { accountSid, authToken, from, apiUrl };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * Twilio's Messages and Calls resources (form-encoded POSTs with basic auth). The address is
 * configured, but it goes through the outbound guard all the same: a test or regional server on an
 * internal address needs OUTBOUND_ALLOW_HOSTS.
 */
export function twilioProvider(settings: TwilioSettings): PhoneProvider {
  const post = async (resource: 'Messages' | 'Calls', form: Record<string, string>) => {
    const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/${resource}.json`;
    const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
    const response = await guardedFetch(
      url,
      {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ From: settings.from, ...form }).toString(),
        redirect: 'manual',
      },
      { settings: outboundSettings(), timeoutMs: 15_000, maxBytes: 256 * 1024 },
    );
    const text = await response.text();
    let json: { sid?: string; message?: string } = {};
    try {
      json = JSON.parse(text);
    } catch {}
    if (!response.ok)
      throw new Error(`Twilio answered ${response.status}${json.message ? `: ${json.message}` : ''}`);
    return { id: json.sid ?? '' };
  };
  return {
    sendSms: (to, body) => post('Messages', { To: to, Body: body }),
    call: (to, spoken) =>
      post('Calls', {
        To: to,
        Twiml: `<Response><Say>${escapeXml(spoken)}</Say><Pause length="1"/><Say>${escapeXml(spoken)}</Say></Response>`,
      }),
  };
}

/** The provider configured now, or null (text messages and calls are then recorded as failed). */
export function configuredPhoneProvider(): PhoneProvider | null {
  const settings = twilioSettings();
  return settings ? twilioProvider(settings) : null;
}
