import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here; CDK synthesis and DynamoDB Local are heavy, so keep the pool small.
    maxWorkers: 2,
  },
});
