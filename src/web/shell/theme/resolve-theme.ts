export type Theme = 'light' | 'dark';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The user's theme attribute when it is light or dark, otherwise the OS preference (spec 1, 4.2). */
export function resolveTheme(attribute: unknown, prefersDark: boolean): Theme {
  if (attribute === 'light' || attribute === 'dark') return attribute;
  return prefersDark ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}
