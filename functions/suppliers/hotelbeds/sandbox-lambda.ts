/** The Hotelbeds sandbox as a Lambda function URL (sandbox stacks only); credentials from the environment. */
import { env } from '../../shared/config.js';
import { sandboxLambdaHandler } from '../sandbox-lambda-bridge.js';
import { startHotelbedsSandbox } from './sandbox-server.js';

export const handler = sandboxLambdaHandler(() =>
  startHotelbedsSandbox({ apiKey: env('SANDBOX_API_KEY'), secret: env('SANDBOX_SECRET'), host: '127.0.0.1', port: 0 }),
);
