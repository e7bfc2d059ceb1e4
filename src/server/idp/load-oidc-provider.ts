import type { Provider } from 'oidc-provider';

const UNSUPPORTED_RUNTIME = 'oidc-provider WARNING: Unsupported runtime.';

/**
 * Loads oidc-provider, which prints "Unsupported runtime. Use Node.js v22.x LTS, or a later LTS
 * release." as it loads on a Node.js before 22. Node 22 and 24 are the supported runtimes; 20.19
 * and later still run the provider and the whole test suite (README, "Runtime"), and there that
 * line would greet every start. So on Node before 22, and only while the module loads, that one
 * message is dropped; every other warning passes, and on later runtimes nothing is filtered.
 */
export async function loadOidcProvider(): Promise<typeof Provider> {
  if (Number(process.versions.node.split('.')[0]) >= 22) return (await import('oidc-provider')).default;
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(UNSUPPORTED_RUNTIME)) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}
