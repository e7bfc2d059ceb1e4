/** Addresses that must not be returned to after sign-in (spec 1, section 2.1). */
const NO_RETURN = ['/login', '/logout', '/error'];

/**
 * Where to go after a successful login callback: the remembered address, unless it contains
 * /login, /logout or /error, in which case '/'. Anything but a same-origin path also gives '/',
 * so a stored value can never send the browser to another site.
 */
export function returnTarget(remembered: string | null | undefined): string {
  if (!remembered?.startsWith('/') || remembered.startsWith('//')) return '/';
  return NO_RETURN.some((part) => remembered.includes(part)) ? '/' : remembered;
}
