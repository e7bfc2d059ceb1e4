import type { Status } from '../../common/statuses.ts';
import type { Labels } from './command-types.ts';

/** Translated names of command arguments: statuses, priorities, mute lengths. */

export function statusLabel(l: Labels, status: string): string {
  switch (status as Status) {
    case 'new':
      return l.commands('status.new');
    case 'open':
      return l.commands('status.open');
    case 'acknowledged':
      return l.commands('status.acknowledged');
    case 'escalated':
      return l.commands('status.escalated');
    case 'deferred':
      return l.commands('status.deferred');
    case 'reopened':
      return l.commands('status.reopened');
    case 'closed':
      return l.commands('status.closed');
    case 'false_positive':
      return l.commands('status.false_positive');
    case 'accepted_risk':
      return l.commands('status.accepted_risk');
    case 'preview':
      return l.commands('status.preview');
    case 'muted':
      return l.commands('status.muted');
    default:
      return status;
  }
}

export function priorityLabel(l: Labels, priority: string): string {
  switch (priority) {
    case 'critical':
      return l.commands('priority.critical');
    case 'high':
      return l.commands('priority.high');
    case 'medium':
      return l.commands('priority.medium');
    default:
      return l.commands('priority.low');
  }
}

export function durationLabel(l: Labels, duration: string): string {
  switch (duration) {
    case '1h':
      return l.commands('duration.1h');
    case '7d':
      return l.commands('duration.7d');
    case '30d':
      return l.commands('duration.30d');
    default:
      return l.commands('duration.1d');
  }
}
