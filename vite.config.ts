import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const I18N_FILE = /[\\/]src[\\/]i18n[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/;

/**
 * `chakra-recipe:<name>` is one recipe module of Chakra's theme (src/ui/adminRecipes.ts). Imported
 * through the theme's index, a recipe lands in the shell chunk beside the recipes the shell uses;
 * imported from its own module, it stays in the lazy chunk that uses it. The package's exports map
 * does not offer these paths, hence the alias (vitest.config.ts has the same).
 */
export const CHAKRA_RECIPE_ALIAS = {
  find: /^chakra-recipe:(\w+)$/,
  replacement: `${fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme/recipes/', import.meta.url))}$1.js`,
};

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
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json,wasm}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { alias: [CHAKRA_RECIPE_ALIAS] },
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
            // A language loaded on switch (src/i18n/index.ts) comes as one file, not one per area;
            // nb's on-demand namespaces come one file each, with the screen that asks for them.
            { name: (id) => { const [, lng, ns] = I18N_FILE.exec(id) ?? []; return lng === 'nb' ? `i18n-nb-${ns}` : `i18n-${lng}`; }, test: I18N_FILE },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000', '/hubs': { target: 'http://localhost:3000', ws: true } } },
});
