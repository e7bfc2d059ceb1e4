/** The impersonation hook lives with the session it switches; the admin screens use it from here. */
export { type Impersonation, USERS_ADMIN_PAGE, useImpersonation } from '../session/use-impersonation.ts';
