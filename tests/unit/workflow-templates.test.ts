import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../src/server/areas/workflows/validate.ts';
import { DEMO_TEMPLATES } from '../../src/server/seed/workflows.ts';

describe('the seeded workflow templates', () => {
  it('are each a complete workflow the catalogue accepts for publishing', () => {
    expect(DEMO_TEMPLATES.map((t) => t.name)).toContain('Isolate on critical malware');
    for (const template of DEMO_TEMPLATES)
      expect(() => checkDefinition(template.definition, { publish: true }), template.name).not.toThrow();
  });
});
