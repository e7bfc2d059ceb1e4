import { RE2JS } from 're2js';
import { PRIORITIES } from '../../../common/statuses.ts';
import type { TaskValue } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { VALUE_OPERATORS } from './catalogue/actions.ts';

const templated = (value: unknown) => typeof value === 'string' && value.includes('{{');
const given = (value: unknown) => value !== undefined && value !== '';

/**
 * What each condition operator needs besides the declared types: a value test its value and
 * compare_to (a regular expression RE2 can compile, a known priority), days of week the days, a
 * time window both ends. A draft may leave them out; a published workflow may not.
 */
export function checkCondition(parameters: Record<string, TaskValue>, at: string, publish: boolean): void {
  const operator = parameters.operator;
  const need = (name: string) => {
    if (publish && !given(parameters[name])) throw badRequest(`${at}.${name}`, `is required for ${operator}`);
  };
  if ((VALUE_OPERATORS as readonly unknown[]).includes(operator)) {
    need('value');
    need('compare_to');
  }
  const compareTo = parameters.compare_to;
  if (operator === 'regex' && typeof compareTo === 'string' && given(compareTo) && !templated(compareTo)) {
    try {
      RE2JS.compile(compareTo);
    } catch (error) {
      throw badRequest(
        `${at}.compare_to`,
        `is not a regular expression RE2 takes: ${(error as Error).message}`,
      );
    }
  }
  if (
    operator === 'priority_at_least' &&
    given(compareTo) &&
    !templated(compareTo) &&
    !(PRIORITIES as readonly unknown[]).includes(compareTo)
  )
    throw badRequest(`${at}.compare_to`, `must be one of ${PRIORITIES.join(', ')}`);
  if (operator === 'days_of_week') {
    need('days_of_week');
    const days = parameters.days_of_week;
    if (Array.isArray(days))
      days.forEach((day, i) => {
        if (!['0', '1', '2', '3', '4', '5', '6'].includes(String(day)))
          throw badRequest(`${at}.days_of_week[${i}]`, 'must be a day from 0 (Monday) to 6 (Sunday)');
      });
  }
  if (operator === 'time_window') {
    need('start_time');
    need('end_time');
  }
}
