// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUSES } from '../../src/common/statuses.ts';
import { StatusBadge as AlertStatusBadge } from '../../src/web/features/alerts/shared/StatusBadge.tsx';
import { StatusBadge as CaseStatusBadge } from '../../src/web/features/cases/StatusBadge.tsx';
import { inEnglish } from '../helpers/english.ts';

await inEnglish();

const colourOf = (element: Element | null) =>
  [...(element?.classList ?? [])].find((c) => c.startsWith('colour-badge--'))?.slice('colour-badge--'.length);

describe('status colours (spec 1 section 4.7)', () => {
  it('cases show Open and Acknowledged white and Reopened grey, as alerts do', () => {
    const { container } = render(
      <>
        <CaseStatusBadge status="open" />
        <CaseStatusBadge status="acknowledged" />
        <CaseStatusBadge status="reopened" />
      </>,
    );
    const colours = [...container.querySelectorAll('[data-status]')].map(colourOf);
    expect(colours).toEqual(['white', 'white', 'grey']);
  });

  it.each(STATUSES.map((s) => [s.key, s.colour]))('%s is %s on alerts and cases alike', (status, colour) => {
    const alert = render(<AlertStatusBadge status={status} />).container.querySelector('[data-status]');
    const kase = render(<CaseStatusBadge status={status} />).container.querySelector('[data-status]');
    expect(colourOf(alert)).toBe(colour);
    expect(colourOf(kase)).toBe(colour);
  });
});
