import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const URL = '/api/ngreports/v0/branding/';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A branding form as a browser sends it: the fields, then the logo. */
async function form(fields: Record<string, string>, logo?: { bytes: Buffer | string; name: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  if (logo)
    data.set(
      'logo',
      new Blob([typeof logo.bytes === 'string' ? logo.bytes : new Uint8Array(logo.bytes)]),
      logo.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

describe.each(backends())('report branding on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const post = async (
    user: { contactId: string },
    fields: Record<string, string>,
    logo?: { bytes: Buffer | string; name: string },
  ) => t.as(user, { method: 'POST', url: URL, ...(await form(fields, logo)) });

  it("answers the console's colours until the provider sets its own, and a customer inherits them", async () => {
    const { analyst, partner, acme } = t.fixtures;
    const provider = await t.as(analyst, { method: 'GET', url: `${URL}?id=${partner.partnerId}` });
    expect(provider.json()).toMatchObject({
      owner: 'provider',
      inherited: true,
      logo_type: null,
      warnings: [],
    });
    const saved = await post(
      analyst,
      { id: partner.partnerId, primary_color: '#0B3D91', secondary_color: '#475467' },
      { bytes: PNG, name: 'logo.png' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      primary_color: '#0b3d91',
      logo_type: 'image/png',
      inherited: false,
    });
    const customer = await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${URL}?id=${acme.customerId}` });
    expect(customer.json()).toMatchObject({ owner: 'customer', inherited: true, primary_color: '#0b3d91' });
    const logo = await t.as(t.fixtures.acmeUser, {
      method: 'GET',
      url: `${URL}logo?id=${partner.partnerId}`,
    });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
  });

  it('sanitises an SVG logo: no scripts, handlers, outside references or entities survive', async () => {
    const { acmeUser, acme } = t.fixtures;
    const svg = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)" width="10" height="10">
<script>alert(2)</script><foreignObject><iframe src="https://evil.example"/></foreignObject>
<style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/p) }</style>
<image xlink:href="https://evil.example/track.png"/><use href="#a"/><rect id="a" width="10" height="10" fill="#123456" onclick="steal()"/>
</svg>`;
    const saved = await post(
      acmeUser,
      { id: acme.customerId, primary_color: '#f5f5f5', secondary_color: '#fafafa' },
      { bytes: svg, name: 'logo.svg' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // Light colours: white headings on them and lines on white paper are hard to read.
    expect(saved.json().warnings.map((w: { field: string }) => w.field)).toEqual([
      'primary_color',
      'secondary_color',
    ]);
    const logo = (await t.as(acmeUser, { method: 'GET', url: `${URL}logo?id=${acme.customerId}` })).body;
    for (const gone of [
      'script',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'evil.example',
      'ENTITY',
      'passwd',
    ])
      expect(logo).not.toContain(gone);
    expect(logo).toContain('<rect id="a"');
    expect(logo).toContain('href="#a"');
  });

  it('refuses what is not a colour, not an image, too large, or not the caller’s to change', async () => {
    const { acmeUser, globexUser, acme, partner } = t.fixtures;
    const badColour = await post(acmeUser, {
      id: acme.customerId,
      primary_color: 'red',
      secondary_color: '#000000',
    });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().error.details).toEqual([
      { field: 'primary_color', reason: 'must be a colour like #1d4ed8' },
    ]);
    const notImage = await post(
      acmeUser,
      { id: acme.customerId, primary_color: '#000000', secondary_color: '#000000' },
      { bytes: 'GIF89a', name: 'x.gif' },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.details[0].field).toBe('logo');
    const large = await post(
      acmeUser,
      { id: acme.customerId, primary_color: '#000000', secondary_color: '#000000' },
      { bytes: Buffer.alloc(600 * 1024, 1), name: 'big.png' },
    );
    expect(large.statusCode).toBe(413);
    const provider = await post(acmeUser, {
      id: partner.partnerId,
      primary_color: '#000000',
      secondary_color: '#000000',
    });
    expect(provider.statusCode).toBe(403);
    const otherCustomer = await post(globexUser, {
      id: acme.customerId,
      primary_color: '#000000',
      secondary_color: '#000000',
    });
    expect(otherCustomer.statusCode).toBe(404);
    const hidden = await t.as(globexUser, { method: 'GET', url: `${URL}?id=${acme.customerId}` });
    expect(hidden.statusCode).toBe(404);
    // Nothing refused changed Acme's branding.
    const acmeNow = (await t.as(acmeUser, { method: 'GET', url: `${URL}?id=${acme.customerId}` })).json();
    expect(acmeNow).toMatchObject({ primary_color: '#f5f5f5', logo_type: 'image/svg+xml' });
  });

  it("removes a customer's branding, which then inherits the provider's again", async () => {
    const { acmeUser, acme } = t.fixtures;
    expect((await t.as(acmeUser, { method: 'DELETE', url: `${URL}?id=${acme.customerId}` })).statusCode).toBe(
      204,
    );
    expect((await t.as(acmeUser, { method: 'DELETE', url: `${URL}?id=${acme.customerId}` })).statusCode).toBe(
      404,
    );
    const after = (await t.as(acmeUser, { method: 'GET', url: `${URL}?id=${acme.customerId}` })).json();
    expect(after).toMatchObject({ inherited: true, primary_color: '#0b3d91' });
  });
});
