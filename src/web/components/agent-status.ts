import './agent-status.css';

/**
 * The status indicator's colour class, beside `agent-status`, wherever an agent's status shows
 * (spec 1, section 3): status_code 0 green, 1 yellow, 2 red, any other code grey.
 */
export function statusClass(statusCode: number): string {
  const colour = statusCode === 0 ? 'green' : statusCode === 1 ? 'yellow' : statusCode === 2 ? 'red' : 'grey';
  return `agent-status--${colour}`;
}
