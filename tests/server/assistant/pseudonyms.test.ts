import { describe, expect, it } from 'vitest';
import { Pseudonyms, StreamRestorer } from '../../../src/server/areas/assistant/index.ts';
import { assistantStatus } from '../../../src/server/areas/assistant/settings.ts';
import type { Principal } from '../../../src/server/auth/principal.ts';
import { assistantSettings } from '../../../src/server/config.ts';

describe('placeholders of a conversation', () => {
  it('replaces names, e-mail and IP addresses with stable placeholders and restores them', () => {
    const p = new Pseudonyms();
    p.register('HOST', 'ACME-DC01');
    p.register('CUSTOMER', 'Acme Test');
    const masked = p.mask(
      'ACME-DC01 of Acme Test sent mail to jane.doe@acme.test from 10.1.2.3 and fe80::1 at 12:30:45',
    );
    expect(masked).toBe('[HOST_1] of [CUSTOMER_1] sent mail to [EMAIL_1] from [IP_1] and [IP_2] at 12:30:45');
    expect(p.mask('acme-dc01 again')).toBe('[HOST_1] again');
    expect(p.unmask('See [HOST_1] and [EMAIL_1]; [HOST_9] stays.')).toBe(
      'See ACME-DC01 and jane.doe@acme.test; [HOST_9] stays.',
    );
  });

  it('keeps its placeholders across turns and leaves short names and parts of words alone', () => {
    const first = new Pseudonyms();
    first.register('HOST', 'ab');
    first.register('HOST', 'db01');
    expect(first.mask('a lab server ab, db01.local and db01x')).toBe(
      'a lab server ab, [HOST_1].local and db01x',
    );
    const later = new Pseudonyms(first.toJSON());
    expect(later.mask('db01 again')).toBe('[HOST_1] again');
    later.register('USER', 'Cas Tomer');
    expect(later.mask('Cas Tomer on db01')).toBe('[USER_1] on [HOST_1]');
  });

  it('restores placeholders split across streamed pieces', () => {
    const p = new Pseudonyms({ '[HOST_1]': 'ACME-DC01' });
    const r = new StreamRestorer(p);
    const out =
      ['The host [HO', 'ST_', '1] is isolated ', '[but not', ' this]']
        .map((piece) => r.push(piece))
        .join('') + r.flush();
    expect(out).toBe('The host ACME-DC01 is isolated [but not this]');
  });
});

describe('whether the assistant answers', () => {
  const principal = (data: Record<string, unknown>) => ({ partner: { data } }) as unknown as Principal;
  const configured = assistantSettings({
    ASSISTANT_BASE_URL: 'http://93.184.216.34/v1',
    ASSISTANT_MODEL: 'm',
  });
  const local = assistantSettings({ ASSISTANT_BASE_URL: 'http://127.0.0.1:9/v1', ASSISTANT_MODEL: 'm' });

  it('is off until configured, then until the provider switches it on', async () => {
    expect((await assistantStatus(assistantSettings({}), principal({ aviator_enabled: true }))).reason).toBe(
      'not_configured',
    );
    expect((await assistantStatus(configured, principal({}))).reason).toBe('not_enabled');
    expect((await assistantStatus(configured, principal({ aviator_enabled: true }))).available).toBe(true);
  });

  it('keeps to local endpoints when the provider says so', async () => {
    const policy = { aviator_enabled: true, assistant_policy: 'local_only' };
    expect((await assistantStatus(configured, principal(policy))).reason).toBe('endpoint_not_local');
    expect((await assistantStatus(local, principal(policy))).available).toBe(true);
  });

  it('refuses settings that cannot work', () => {
    expect(() => assistantSettings({ ASSISTANT_BASE_URL: 'ftp://x' })).toThrow(/http/);
    expect(() =>
      assistantSettings({ ASSISTANT_IDLE_SECONDS: '60', ASSISTANT_WARNING_SECONDS: '60' }),
    ).toThrow(/shorter/);
  });
});
