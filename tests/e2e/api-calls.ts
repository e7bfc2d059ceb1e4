import { expect, type Page } from '@playwright/test';

/** The signed-in person's bearer token and XSRF pair, for the console's own API calls. */
export async function apiHeaders(page: Page) {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('watchfloor.session') ?? '{}').token?.access_token as string,
  );
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { authorization: `Bearer ${session}`, 'x-xsrf-token': xsrf };
}

/** Switches the "agent actions" labs toggle on (a profile preference) and reloads the screen. */
export async function switchOnAgentActions(page: Page) {
  const saved = await page.request.put('/api/portal/v1/settings/', {
    headers: await apiHeaders(page),
    data: { lab_agent_actions: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.reload();
}
