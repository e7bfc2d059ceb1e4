import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import { api } from '../../../api/client.ts';
import { dataOf } from '../../api/errors.ts';
import type { RunContext } from '../../commands/command-types.ts';

/**
 * `>open-integration <name>`: the integration of that name (any case), else the only one whose
 * name starts with it, else the only one whose name contains it.
 */
export async function openIntegration(ctx: RunContext, args: readonly string[]): Promise<CommandOutcome> {
  const wanted = (args[0] ?? '').trim().toLocaleLowerCase();
  const { integrations } = dataOf(await api.GET('/api/integrations/v1/integrations'));
  const named = (test: (name: string) => boolean) =>
    integrations.filter((integration) => test(integration.name.toLocaleLowerCase()));
  const candidates = [
    named((name) => name === wanted),
    named((name) => name.startsWith(wanted)),
    named((name) => name.includes(wanted)),
  ].find((found) => found.length === 1);
  const found = candidates?.[0];
  if (!found) throw new Error(ctx.labels.commands('result.noIntegrationNamed', { name: args[0] ?? '' }));
  ctx.navigate(`/integrations/${found.id}`);
  return { summary: null };
}
