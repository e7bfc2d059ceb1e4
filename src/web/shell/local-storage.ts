/** Keys of what the shell keeps in browser local storage (spec 1, section 9). */
export const STORAGE_KEYS = {
  selectedCustomers: 'watchfloor.selectedCustomers',
  notifications: 'watchfloor.notifications',
  sidebarCollapsed: 'watchfloor.sidebarCollapsed',
} as const;

/** Reads a JSON value; a missing, unreadable or blocked entry gives the fallback. */
export function readJson<T>(key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Writes a JSON value; storage that is full or blocked only loses the value. */
export function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the preference lives for this page only.
  }
}
