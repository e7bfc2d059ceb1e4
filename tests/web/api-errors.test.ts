// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';

// The client loads after the fake network is installed.
const { api } = await import('../../src/api/client.ts');
const { ApiError } = await import('../../src/web/api/errors.ts');
const { getAlert } = await import('../../src/web/features/alerts/api.ts');
const { getCase } = await import('../../src/web/features/cases/api.ts');

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

describe('the client error middleware', () => {
  it('throws one ApiError with the status, code, message and field errors of the answer', async () => {
    network.on('put', '/api/cases/v1/cases/{id}', {
      status: 400,
      body: {
        error: {
          code: 'validation_error',
          message: 'The title is too long.',
          details: [{ field: 'title', reason: 'at most 200 characters' }],
        },
      },
    });
    const error = await failure(
      api.PUT('/api/cases/v1/cases/{id}', { params: { path: { id: 7 } }, body: { version: 1, title: 'x' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'The title is too long.',
      fields: [{ field: 'title', reason: 'at most 200 characters' }],
    });
  });

  it('names the status when the answer has no error body', async () => {
    network.on('get', '/api/alerts/v1/alerts/{id}', new Response('Bad gateway', { status: 502 }));
    const error = await failure(getAlert(3));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: 'error',
      message: 'Request failed with status code 502',
    });
  });

  it('is the same class for every area', async () => {
    network.on('get', '/api/cases/v1/cases/{id}', apiError(404, 'Case 9 not found'));
    const error = await failure(getCase(9));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Case 9 not found' });
  });
});
