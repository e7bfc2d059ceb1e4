/**
 * Labs features (spec 2, sections 3 and 6): each is a user attribute of that name, off until the
 * user switches it on in the profile. A toggle only shows or hides what it names; it never grants
 * anything, the API checks permissions as always.
 */
export const LABS_TOGGLES = [
  'lab_agent_actions',
  'lab_beta_integrations',
  'lab_beta_reports',
  'lab_new_case_interface',
  'lab_workflows',
  'lab_terminal',
  'lab_microsoft',
  'lab_aviator',
  'lab_escalations',
] as const;

export type LabsToggle = (typeof LABS_TOGGLES)[number];

/** Whether the labs feature is on in these user attributes; nothing to switch means on. */
export function labsOn(
  attributes: Readonly<Record<string, unknown>>,
  toggle: LabsToggle | undefined,
): boolean {
  return toggle === undefined || attributes[toggle] === true;
}

/** Every toggle switched on: the demo accounts show everything the console has. */
export const ALL_LABS_ON: Readonly<Record<LabsToggle, true>> = Object.fromEntries(
  LABS_TOGGLES.map((toggle) => [toggle, true]),
) as Record<LabsToggle, true>;
