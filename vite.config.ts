import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const I18N_FILE = /[\\/]src[\\/]i18n[\\/]([^\\/]+)[\\/][^\\/]+\.json$/;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first screen needs (the entry's static imports) in one chunk: it
            // compresses better than the shared pieces the automatic split cuts out of it.
            { name: 'shell', tags: ['$initial'] },
            // A language loaded on switch (src/i18n/index.ts) comes as one file, not one per area.
            { name: (id) => `i18n-${I18N_FILE.exec(id)?.[1]}`, test: I18N_FILE },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000', '/hubs': { target: 'http://localhost:3000', ws: true } } },
});
