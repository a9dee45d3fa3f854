import { defineConfig } from 'vitest/config';
import { CHAKRA_RECIPE_ALIAS } from './vite.config';

export default defineConfig({
  resolve: { alias: [CHAKRA_RECIPE_ALIAS] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
