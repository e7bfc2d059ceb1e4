/**
 * What the consent page hands the redirect page: the decision and where it goes back to the
 * extension. Kept in memory only, so the credential is shown once: a reload or a later visit of
 * the redirect page finds nothing.
 */
export type Handover =
  | { outcome: 'approved'; customerName: string; token: string; redirectTo: string }
  | { outcome: 'denied'; redirectTo: string };

let held: Handover | null = null;

export function holdHandover(handover: Handover): void {
  held = handover;
}

/** The handover held, if any; the redirect page reads it once and then forgets it. */
export function heldHandover(): Handover | null {
  return held;
}

export function forgetHandover(): void {
  held = null;
}

/** Where a denial sends the browser: the extension's address with the OAuth error and the state. */
export function deniedAddress(redirectUri: string, state: string): string {
  return `${redirectUri}#${new URLSearchParams({ error: 'access_denied', state }).toString()}`;
}
