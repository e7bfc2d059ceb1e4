import { describe, expect, it } from 'vitest';
import { BULK_LIMIT } from '../../src/api/limits.ts';
import { declaredLimit } from '../../src/server/contract/load.ts';

describe('limits shared by the server and the web app', () => {
  it('the bulk limit is what the contract declares for AlertBulkIds', () => {
    expect(BULK_LIMIT).toBe(declaredLimit('AlertBulkIds', 'maxItems'));
  });
});
