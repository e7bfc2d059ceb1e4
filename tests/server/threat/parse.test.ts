import { describe, expect, it } from 'vitest';
import { mispManifestEvents, parseMispEvent } from '../../../src/server/areas/threat/feeds/parse-misp.ts';
import { parseStixBundle, patternValues } from '../../../src/server/areas/threat/feeds/parse-stix.ts';
import { parseCsv, parseList } from '../../../src/server/areas/threat/feeds/parse-text.ts';

describe('plain list feeds', () => {
  it('read one value a line, skip comments and blanks, classify by the shared patterns', () => {
    const text =
      '# bad hosts\n\n198.51.100.7\nEvil.Example.COM.\n; note\n0.0.0.0 ads.example.net\nnot an indicator\n44d88612fea8a8f36de82e1278abb02f  eicar\n';
    expect(parseList(text, null)).toEqual([
      { kind: 'ip', value: '198.51.100.7' },
      { kind: 'domain', value: 'evil.example.com' },
      { kind: 'domain', value: 'ads.example.net' },
      { kind: 'file', value: '44d88612fea8a8f36de82e1278abb02f' },
    ]);
  });

  it('with a kind set, keep only values of that kind', () => {
    expect(parseList('198.51.100.7\nevil.example.com\n', 'ip')).toEqual([
      { kind: 'ip', value: '198.51.100.7' },
    ]);
  });
});

describe('CSV feeds', () => {
  it('take the configured column, skipping the header, comments and quoted commas', () => {
    const text =
      '# generated\nfirst_seen,url_host,"reason, free text"\n2026-11-01,bad.example.org,"phishing, bank"\n2026-11-02,203.0.113.9,c2\n';
    expect(parseCsv(text, null, 1)).toEqual([
      { kind: 'domain', value: 'bad.example.org' },
      { kind: 'ip', value: '203.0.113.9' },
    ]);
  });
});

describe('MISP feeds', () => {
  it('list the events of a manifest', () => {
    expect(
      mispManifestEvents({ '5f0c2d1e-8f4a-4b59-9a1e-2a7c1b3d4e5f': { info: 'x' }, not_an_event: {} }),
    ).toEqual(['5f0c2d1e-8f4a-4b59-9a1e-2a7c1b3d4e5f']);
    expect(() => mispManifestEvents([])).toThrow('manifest');
  });

  it('keep to_ids attributes (objects too), the indicator half of composites, threat level and malware tag', () => {
    const entries = parseMispEvent({
      Event: {
        info: 'Emotet wave',
        threat_level_id: '1',
        Tag: [{ name: 'tlp:white' }, { name: 'misp-galaxy:malpedia="Emotet"' }],
        Attribute: [
          { type: 'ip-dst|port', value: '192.0.2.10|8080', category: 'Network activity', to_ids: true },
          { type: 'domain', value: 'Drop.Example.net', category: 'Network activity', to_ids: '1' },
          { type: 'comment', value: 'nothing', to_ids: true },
          { type: 'ip-src', value: '192.0.2.11', to_ids: false },
          { type: 'hostname', value: 'gone.example.net', to_ids: true, deleted: true },
        ],
        Object: [
          {
            Attribute: [
              {
                type: 'filename|sha256',
                value: 'invoice.doc|e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
                category: 'Payload delivery',
                to_ids: true,
              },
            ],
          },
        ],
      },
    });
    expect(entries).toEqual([
      {
        kind: 'ip',
        value: '192.0.2.10',
        risk: 90,
        threatCategories: ['Network activity'],
        malwareGroup: 'Emotet',
      },
      {
        kind: 'domain',
        value: 'drop.example.net',
        risk: 90,
        threatCategories: ['Network activity'],
        malwareGroup: 'Emotet',
      },
      {
        kind: 'file',
        value: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        risk: 90,
        threatCategories: ['Payload delivery'],
        malwareGroup: 'Emotet',
      },
    ]);
    expect(() => parseMispEvent({ nope: true })).toThrow('Event');
  });
});

describe('STIX 2.1 bundles', () => {
  it('read equality comparisons of the pattern, escaped quotes included', () => {
    expect(
      patternValues(
        "[ipv4-addr:value = '198.51.100.1'] OR [domain-name:value = 'o\\'brien.example'] OR [url:value = 'http://x.example/'] OR [file:hashes.'SHA-256' = 'AB']",
      ),
    ).toEqual([
      { kind: 'ip', raw: '198.51.100.1' },
      { kind: 'domain', raw: "o'brien.example" },
      { kind: 'file', raw: 'AB' },
    ]);
  });

  it('take unrevoked stix indicators with their types, expiry and the malware they indicate', () => {
    const entries = parseStixBundle({
      type: 'bundle',
      id: 'bundle--1',
      objects: [
        {
          type: 'indicator',
          id: 'indicator--a',
          pattern_type: 'stix',
          pattern: "[file:hashes.MD5 = '44D88612FEA8A8F36DE82E1278ABB02F']",
          indicator_types: ['malicious-activity'],
          valid_until: '2099-01-01T00:00:00Z',
        },
        {
          type: 'indicator',
          id: 'indicator--b',
          pattern_type: 'stix',
          pattern: "[ipv4-addr:value = '203.0.113.5']",
          revoked: true,
        },
        {
          type: 'indicator',
          id: 'indicator--c',
          pattern_type: 'sigma',
          pattern: "[ipv4-addr:value = '203.0.113.6']",
        },
        { type: 'malware', id: 'malware--m', name: 'Poison Ivy', is_family: true },
        {
          type: 'relationship',
          id: 'relationship--r',
          relationship_type: 'indicates',
          source_ref: 'indicator--a',
          target_ref: 'malware--m',
        },
      ],
    });
    expect(entries).toEqual([
      {
        kind: 'file',
        value: '44d88612fea8a8f36de82e1278abb02f',
        threatCategories: ['malicious-activity'],
        malwareGroup: 'Poison Ivy',
        expiresAt: new Date('2099-01-01T00:00:00Z'),
      },
    ]);
    expect(() => parseStixBundle({ type: 'indicator' })).toThrow('bundle');
  });
});
