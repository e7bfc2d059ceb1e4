import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './../helpers/app.ts';
import { backends } from './../helpers/database.ts';

describe.each(backends())('the hidden game’s best score in the preferences on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('is kept with the other preferences', async () => {
    const response = await t.as(t.fixtures.acmeUser, {
      method: 'PUT',
      url: '/api/portal/v1/settings/',
      payload: { snake_high_score: 42 },
    });
    expect(response.statusCode).toBe(200);
    const me = await t.as(t.fixtures.acmeUser, { url: '/api/user/' });
    expect(me.json().attributes).toMatchObject({ snake_high_score: 42 });
  });

  it('refuses a score that is not a whole number in range, changing nothing', async () => {
    for (const bad of [-1, 1.5, 10_001, 'many']) {
      const response = await t.as(t.fixtures.acmeUser, {
        method: 'PUT',
        url: '/api/portal/v1/settings/',
        payload: { snake_high_score: bad },
      });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().error.details[0].field).toBe('body.snake_high_score');
    }
    const me = await t.as(t.fixtures.acmeUser, { url: '/api/user/' });
    expect(me.json().attributes.snake_high_score).toBe(42);
  });
});
