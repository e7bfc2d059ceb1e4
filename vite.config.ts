import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.WATCHFLOOR_API ?? 'http://localhost:8080';

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
          // The contract's field rules serve the forms, which load with their screens; left to
          // itself the bundler puts them beside the address patterns the omnibox needs at once.
          groups: [
            { name: 'patterns', test: /src[\\/]common[\\/]patterns\.ts$|[\\/]ipaddr\.js[\\/]/, priority: 2 },
            { name: 'contract-rules', test: /src[\\/]api[\\/](contract-rules|validate)\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/idp': api },
  },
});
