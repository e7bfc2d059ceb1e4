import { badRequest } from '../../errors.ts';

/** A Chrome extension id: 32 letters from a to p (the extension key's hash, one letter per nibble). */
const EXTENSION_ID = /^[a-p]{32}$/;
const CHROMIUMAPP = /^([a-p]{32})\.chromiumapp\.org$/;

export const BAD_REDIRECT =
  'must be an address of a Chrome extension: chrome-extension://<id>/… or https://<id>.chromiumapp.org/…, without a fragment';

/**
 * The extension a redirect address belongs to, or a 400 naming `redirect_uri`. Only an
 * extension's own addresses are accepted, so an approved credential can only ever be handed to
 * an extension, never to a web site: `chrome-extension://<id>/…`, or the
 * `https://<id>.chromiumapp.org/…` address `chrome.identity.launchWebAuthFlow` watches. No
 * credentials, port or fragment (the fragment is where the hand-over goes).
 */
export function extensionOfRedirect(redirectUri: string): string {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw badRequest('redirect_uri', BAD_REDIRECT);
  }
  if (url.username || url.password || url.port || url.hash || redirectUri.includes('#'))
    throw badRequest('redirect_uri', BAD_REDIRECT);
  if (url.protocol === 'chrome-extension:' && EXTENSION_ID.test(url.hostname)) return url.hostname;
  const chromiumApp = url.protocol === 'https:' ? CHROMIUMAPP.exec(url.hostname) : null;
  if (chromiumApp) return chromiumApp[1]!;
  throw badRequest('redirect_uri', BAD_REDIRECT);
}

/** Where the browser goes after the decision: the redirect address with the outcome and state in its fragment. */
export function handoverAddress(redirectUri: string, outcome: Record<string, string>): string {
  return `${redirectUri}#${new URLSearchParams(outcome).toString()}`;
}
