import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The AWS calls of the bundled functions are checked in `npm run test:bundles` only, after its suite.
    exclude: ['test/aws-calls/**', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    // Captures every log line of each test file and fails the file when one holds a secret or guest data;
    // then configures the file's process as the local host configures its own.
    setupFiles: ['test/capture-logs.ts', 'test/process-config.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here; CDK synthesis and DynamoDB Local are heavy, so keep the pool small.
    maxWorkers: 2,
    // Handlers read Powertools settings at import; on this machine there is no CloudWatch or X-Ray. Logs are
    // as verbose as an operator could make them (DEBUG, and the Lambda event logged where Powertools would),
    // so that test/capture-logs.ts sees everything a handler could ever write; it keeps them out of the output.
    env: {
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      POWERTOOLS_LOG_LEVEL: 'DEBUG',
      POWERTOOLS_LOGGER_LOG_EVENT: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    },
  },
});
