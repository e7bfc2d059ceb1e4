import { describe, expect, it } from 'vitest';
import { TRIGGERS } from '../../src/server/areas/workflows/catalogue/triggers.ts';
import english from '../../src/web/features/workflows/locales/en-GB/workflows.json';

/**
 * Every trigger of the catalogue has a name on the web: the workflow and template lists, the
 * flow drawing and the trigger choice name it in the person's language, where the lists once
 * showed the ids of the event triggers (`triple_lockout`). i18n-complete.test.ts holds the
 * other languages to the same keys.
 */
describe('workflow trigger names', () => {
  it('has an English name for every trigger of the catalogue', () => {
    const named = english.trigger as Record<string, string>;
    expect(TRIGGERS.length).toBeGreaterThan(10);
    expect(TRIGGERS.map((trigger) => trigger.trigger_id).filter((id) => !named[id])).toEqual([]);
  });
});
