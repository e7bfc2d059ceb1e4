import { describe, expect, it } from 'vitest';
import { contractRulesSource } from '../../scripts/contract/rules.ts';
import { fieldIssue, ruleOf, validate } from '../../src/api/validate.ts';
import type { OpenApiDocument } from '../../src/server/contract/load.ts';

const contract = {
  openapi: '3.1.0',
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingCreate' } } },
        },
      },
    },
    '/things/{id}': {
      patch: {
        operationId: 'changeThing',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingChange' } } },
        },
      },
    },
    '/things/{id}/send': {
      post: {
        operationId: 'sendThing',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['to'],
                properties: {
                  to: { type: 'array', maxItems: 3, items: { type: 'string', format: 'email' } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ThingCreate: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' },
          kind: { type: 'string', enum: ['a', 'b'] },
          risk: { $ref: '#/components/schemas/Risk' },
          parts: { type: 'array', items: { $ref: '#/components/schemas/Part' } },
          site: { type: 'string', format: 'uri', maxLength: 2000 },
          when: { type: 'string', format: 'date-time' },
        },
      },
      Risk: { type: ['integer', 'null'], minimum: 0, maximum: 100 },
      ThingChange: { allOf: [{ $ref: '#/components/schemas/Part' }], type: 'object', required: ['note'] },
      Part: { type: 'object', required: ['label'], properties: { label: { type: 'string', maxLength: 9 } } },
      Answer: { type: 'object', properties: { never: { type: 'string', maxLength: 1 } } },
    },
  },
} as unknown as OpenApiDocument;

describe('field rules generated from the contract', () => {
  const source = contractRulesSource(contract);

  it("lists each request body's fields with their rules, following references to named schemas", () => {
    expect(source).toContain(
      'ThingCreate: {"name":{"required":true,"type":"string","minLength":1,"maxLength":80,"pattern":"\\\\S"},' +
        '"kind":{"type":"string","enum":["a","b"]},"risk":{"type":"integer","minimum":0,"maximum":100},' +
        '"parts":{"type":"array"},"site":{"type":"string","maxLength":2000,"format":"uri"},"when":{"type":"string"}},',
    );
  });

  it('names an inline body by its operation, lists the objects of an array field on their own, and leaves responses out', () => {
    expect(source).toContain(
      'sendThing: {"to":{"required":true,"type":"array","maxItems":3,"items":{"type":"string","format":"email"}}},',
    );
    expect(source).toContain('Part: {"label":{"required":true,"type":"string","maxLength":9}},');
    expect(source).not.toContain('Answer');
  });

  it("takes an allOf body's properties from its parts, with the body's own required names", () => {
    expect(source).toContain('ThingChange: {"label":{"required":true,"type":"string","maxLength":9}},');
  });
});

describe('validate() against the committed rules', () => {
  it('refuses a missing or blank required value, and a text over its length', () => {
    expect(validate('CaseCreate', { title: '', customer_id: '' })).toEqual({
      title: { key: 'required' },
      customer_id: { key: 'required' },
    });
    expect(validate('CaseCreate', { title: '   ' })).toEqual({ title: { key: 'required' } });
    expect(validate('CaseCreate', { title: 'x'.repeat(201) })).toEqual({
      title: { key: 'tooLong', count: 200 },
    });
    expect(validate('CaseCreate', { title: 'x'.repeat(200), description: '' })).toEqual({});
  });

  it('reads typed numbers, and refuses text that is not one or is out of range', () => {
    expect(validate('CaseCreate', { risk_score_min: '', risk_score_max: '40' })).toEqual({});
    expect(validate('CaseCreate', { risk_score_min: '101' })).toEqual({
      risk_score_min: { key: 'tooLarge', limit: 100 },
    });
    expect(validate('CaseCreate', { risk_score_min: '7.5' })).toEqual({
      risk_score_min: { key: 'notWholeNumber' },
    });
    expect(validate('CaseCreate', { risk_score_max: 'ten' })).toEqual({
      risk_score_max: { key: 'notWholeNumber' },
    });
    expect(validate('exportSearch', { size: 0 })).toEqual({ size: { key: 'tooSmall', limit: 1 } });
  });

  it('counts the entries of a list and checks each one', () => {
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(validate('CaseCreate', { tags })).toEqual({ tags: { key: 'tooMany', count: 20 } });
    expect(validate('CaseCreate', { tags: ['ok', 'x'.repeat(41)] })).toEqual({
      tags: { key: 'itemTooLong', count: 40 },
    });
    expect(validate('CaseCreate', { assigned_users: ['someone'] })).toEqual({
      assigned_users: { key: 'itemEmail' },
    });
    expect(validate('MuteCreate', { conditions: [] })).toEqual({ conditions: { key: 'required' } });
  });

  it('checks patterns and the values an enum offers; a field the body does not have is not checked', () => {
    expect(validate('MuteCondition', { field: 'nonsense', operator: 'like' })).toEqual({
      field: { key: 'pattern', pattern: expect.stringContaining('title|type') },
      operator: { key: 'enum' },
    });
    expect(validate('MuteCondition', { field: 'fields.user.name', operator: 'regex' })).toEqual({});
    expect(validate('CaseCreate', { not_a_field: '' } as never)).toEqual({});
  });

  it('checks the e-mail and URI formats', () => {
    expect(fieldIssue('someone@', { type: 'string', format: 'email' })).toEqual({ key: 'email' });
    expect(fieldIssue('a@b.example', { type: 'string', format: 'email' })).toBeNull();
    expect(fieldIssue('not a url', { type: 'string', format: 'uri' })).toEqual({ key: 'uri' });
    expect(fieldIssue('https://example.com', { type: 'string', format: 'uri' })).toBeNull();
  });

  it("gives a form the contract's numbers by field", () => {
    expect(ruleOf('CaseCreate', 'title').maxLength).toBe(200);
    expect(ruleOf('MuteCreate', 'description').maxLength).toBe(2000);
    expect(() => ruleOf('CaseCreate', 'nothing')).toThrow(/no field nothing/);
  });
});
