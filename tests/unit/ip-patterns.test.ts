import { describe, expect, it } from 'vitest';
import { indicatorKind, isIp } from '../../src/common/patterns.ts';

describe('isIp', () => {
  it.each([
    '192.0.2.1',
    '0.0.0.0',
    '255.255.255.255',
    '192.0.2.1:443',
    '192.0.2.1:65535',
    '2001:db8::1',
    '::1',
    '::',
    '::ffff:192.0.2.1',
    '64:ff9b::198.51.100.7',
    'fe80::1:2:3:4',
    '[2001:db8::1]:8443',
    '[::ffff:192.0.2.1]:80',
  ])('accepts %s', (value) => {
    expect(isIp(value)).toBe(true);
  });

  it.each([
    ':::',
    '1::2::3',
    '2001:db8::1::',
    '12345::1',
    '192.0.2.1:99999',
    '192.0.2.1:0',
    '192.0.2.1:',
    '[2001:db8::1]:70000',
    '[2001:db8::1]:',
    '2001:db8::1:443x',
    '256.1.1.1',
    '1.2.3',
    '127.1',
    '010.1.1.1',
    '0x7f.0.0.1',
    'fe80::1%eth0',
    '[192.0.2.1]:80',
    '::ffff:999.0.2.1',
    'not an address',
    '',
  ])('refuses %s', (value) => {
    expect(isIp(value)).toBe(false);
  });
});

describe('indicatorKind', () => {
  it('recognises IPv4-mapped IPv6 addresses as IPs and refuses malformed ones', () => {
    expect(indicatorKind('::ffff:192.0.2.1')).toBe('ip');
    expect(indicatorKind(' 198.51.100.7:8080 ')).toBe('ip');
    expect(indicatorKind(':::::::')).toBeNull();
    expect(indicatorKind('203.0.113.5:99999')).toBeNull();
  });
});
