import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.WATCHFLOOR_API ?? 'http://localhost:8080';

/**
 * The chunk of a locale file (src/web/i18n/index.ts loads them on demand): one per language for
 * the shell's namespaces and every route title, one per language and area for the area's own.
 */
function localeChunk(id: string): string | null {
  const shell = /[\\/]src[\\/]web[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/.exec(id);
  if (shell) return `locale-${shell[1]}`;
  const area =
    /[\\/]src[\\/]web[\\/]features[\\/]([^\\/]+)[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id);
  if (!area) return null;
  const [, name, language, namespace] = area;
  return namespace === 'routes' ? `locale-${language}` : `locale-${language}-${name}`;
}

// `npm run dev`: Vite with hot reload on 5173, API and IdP proxied to a running `npm start`.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: localeChunk, debugName: 'locales', test: /[\\/]locales[\\/].+\.json$/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/idp': api },
  },
});
