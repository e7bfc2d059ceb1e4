/**
 * Sends the browser to another site (the IdP's authorize or end-session page). Its own module,
 * so tests can watch the departure that the test DOM cannot perform.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
