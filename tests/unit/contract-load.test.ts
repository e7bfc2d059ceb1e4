import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { declaredLimit, listOperations, loadContract } from '../../src/server/contract/load.ts';

/** A contract folder: openapi.yaml plus the given files in paths/. */
function contractDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'watchfloor-contract-'));
  mkdirSync(join(dir, 'paths'));
  writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'paths', name), text);
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const READ = `paths:
  /api/things/{id}:
    get: { operationId: getThing }
components:
  schemas:
    Thing: { type: object }
`;

describe('loading the contract from its area files', () => {
  it('merges the operations of one path that several files define', () => {
    const dir = contractDir({
      'things.yaml': READ,
      'things-update.yaml': 'paths:\n  /api/things/{id}:\n    put: { operationId: updateThing }\n',
    });
    const operations = listOperations(loadContract(dir)).map((o) => `${o.method} ${o.path} ${o.operationId}`);
    expect(operations.sort()).toEqual(['GET /api/things/{id} getThing', 'PUT /api/things/{id} updateThing']);
  });

  it('refuses an operation defined twice, naming the file and the path', () => {
    const dir = contractDir({
      'things.yaml': READ,
      'things-copy.yaml': 'paths:\n  /api/things/{id}:\n    get: { operationId: getThingAgain }\n',
    });
    expect(() => loadContract(dir)).toThrow(
      'openapi/paths/things.yaml: get /api/things/{id} is defined twice',
    );
  });

  it('refuses a component defined twice', () => {
    const dir = contractDir({
      'things.yaml': READ,
      'more.yaml': 'components:\n  schemas:\n    Thing: { type: string }\n',
    });
    expect(() => loadContract(dir)).toThrow(
      'openapi/paths/things.yaml: components.schemas.Thing is defined twice',
    );
  });
});

describe('the bulk update limit', () => {
  it('is declared once in the contract and holds for ids and versions alike', () => {
    const contract = loadContract();
    const bulk = contract.paths['/api/alerts/v1/alerts/']?.put as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    const body = bulk.requestBody.content['application/json'].schema.properties;
    expect(declaredLimit('AlertBulkIds', 'maxItems')).toBe(10_000);
    expect(body.ids).toEqual({ $ref: '#/components/schemas/AlertBulkIds' });
    expect((body.versions as { maxProperties: number }).maxProperties).toBe(
      declaredLimit('AlertBulkIds', 'maxItems'),
    );
  });
});
