/**
 * The Powertools variables every function's schema holds, so that a function without them fails its start
 * instead of logging and counting under a name nobody watches, and a log level Powertools would not know is
 * refused rather than ignored. No typed configuration carries them: observability.ts makes the logger,
 * metrics and tracer as it is imported, before any configuration is parsed, and Powertools reads the
 * variables itself.
 */
import * as z from 'zod';
import { textVariable } from './config-variables.js';

export const observabilityVariables = {
  POWERTOOLS_SERVICE_NAME: textVariable('the service name of its log lines and metrics'),
  POWERTOOLS_METRICS_NAMESPACE: textVariable('the CloudWatch namespace of its metrics'),
  POWERTOOLS_LOG_LEVEL: z
    .string()
    .regex(/^(trace|debug|info|warn|error|critical|silent)$/i)
    .meta({ description: 'a Powertools log level (TRACE, DEBUG, INFO, WARN, ERROR, CRITICAL or SILENT)' })
    .optional(),
};
