import { describe, expect, it } from 'vitest';
import { contractLimitsSource } from '../../scripts/contract/limits.ts';
import { BULK_LIMIT } from '../../src/api/limits.ts';
import { ruleOf } from '../../src/api/validate.ts';
import { declaredLimit, loadContract, type OpenApiDocument } from '../../src/server/contract/load.ts';

const contractOf = (schemas: Record<string, unknown>) =>
  ({ openapi: '3.1.0', paths: {}, components: { schemas } }) as unknown as OpenApiDocument;

describe('limits written once, in the contract', () => {
  it("lists each named schema's lengths, counts and ranges by property, leaving references to their own schema", () => {
    const source = contractLimitsSource(
      contractOf({
        Thing: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 80 },
            tags: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 12 } },
            other: { $ref: '#/components/schemas/Other' },
            free: { type: 'string' },
          },
        },
        Other: { type: 'integer', minimum: 0, maximum: 9 },
        Plain: { type: 'string' },
      }),
    );
    expect(source).toContain(
      'Thing: {"name":{"minLength":1,"maxLength":80},"tags":{"maxItems":5,"items":{"maxLength":12}}},',
    );
    expect(source).toContain('Other: {"minimum":0,"maximum":9},');
    expect(source).not.toContain('Plain');
    expect(source).not.toContain('free');
  });

  it('gives the forms the numbers the contract declares', () => {
    const schemas = loadContract().components.schemas as Record<string, Record<string, unknown>>;
    const property = (schema: string, name: string) =>
      (schemas[schema]!.properties as Record<string, Record<string, number>>)[name]!;
    expect(ruleOf('CaseCreate', 'title').maxLength).toBe(property('CaseCreate', 'title').maxLength);
    expect(ruleOf('CaseCreate', 'tags').maxItems).toBe(declaredLimit('CaseTagList', 'maxItems'));
    expect(ruleOf('CaseUpdate', 'risk_score_max').maximum).toBe(declaredLimit('CaseRisk', 'maximum'));
    expect(ruleOf('MuteCreate', 'conditions').maxItems).toBe(declaredLimit('MuteConditions', 'maxItems'));
    expect(ruleOf('MuteCreate', 'description').maxLength).toBe(
      property('MuteCreate', 'description').maxLength,
    );
    expect(ruleOf('MuteCreate', 'ttl_seconds').maximum).toBe(property('MuteCreate', 'ttl_seconds').maximum);
    expect(BULK_LIMIT).toBe(declaredLimit('AlertBulkIds', 'maxItems'));
  });
});
