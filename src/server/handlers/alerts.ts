import { alertActionHandlers } from './alerts-actions.ts';
import { alertCreateHandlers } from './alerts-create.ts';
import { alertDetailHandlers } from './alerts-detail.ts';
import { alertDiscussionHandlers } from './alerts-discussions.ts';
import { alertListHandlers } from './alerts-list.ts';
import { alertUpdateHandlers } from './alerts-update.ts';

/** Every alerts operation (spec 2, section 7 "Alerts") but countAlerts, which lives with the other counts. */
export const alertHandlers = {
  ...alertListHandlers,
  ...alertDetailHandlers,
  ...alertUpdateHandlers,
  ...alertCreateHandlers,
  ...alertDiscussionHandlers,
  ...alertActionHandlers,
};
