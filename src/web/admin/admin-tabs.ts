/** The parts of /admin, in tab order; `/admin#<tab>` opens one (the palette's admin commands do). */
export const ADMIN_TABS = ['users', 'audit', 'outbox', 'jobs', 'updates', 'support', 'machines'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const isAdminTab = (value: string): value is AdminTab =>
  (ADMIN_TABS as readonly string[]).includes(value);
