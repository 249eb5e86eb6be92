// Vite's configuration for the console, used by tools/build.mjs (and `npx vite --config
// apps/console/vite.config.mjs` for a dev server that proxies /console/api to a running gateway).
import react from '@vitejs/plugin-react';
import path from 'node:path';

export function consoleViteConfig(outDir = path.join(import.meta.dirname, '../../dist/apps/console')) {
  return {
    configFile: false,
    root: import.meta.dirname,
    base: '/console/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
    server: {
      proxy: {
        '^/console/(api|login|callback|logout)': process.env.PLATICA_URL ?? 'http://127.0.0.1:8080',
        '/oauth': process.env.PLATICA_URL ?? 'http://127.0.0.1:8080',
      },
    },
  };
}

export default consoleViteConfig();
