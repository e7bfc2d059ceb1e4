/** The password of every person in the journeys' demo (scripts/e2e-demo-template.ts seeds it). */
export const DEMO_PASSWORD = 'e2e-demo-password-Watchfloor';
