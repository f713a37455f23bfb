/**
 * The Powertools variables every function's configuration holds. Powertools reads them itself
 * (observability.ts makes the logger, metrics and tracer at import, before any configuration is parsed);
 * they are in each schema so that a function without them fails its start instead of logging and counting
 * under a name nobody watches, and a log level Powertools would not know is refused rather than ignored.
 */
import * as z from 'zod';
import { configFragment } from './config-schema.js';
import { textVariable } from './config-variables.js';

export const observabilityConfig = configFragment(
  {
    POWERTOOLS_SERVICE_NAME: textVariable('the service name of its log lines and metrics'),
    POWERTOOLS_METRICS_NAMESPACE: textVariable('the CloudWatch namespace of its metrics'),
    POWERTOOLS_LOG_LEVEL: z
      .string()
      .regex(/^(trace|debug|info|warn|error|critical|silent)$/i)
      .meta({ description: 'a Powertools log level (TRACE, DEBUG, INFO, WARN, ERROR, CRITICAL or SILENT)' })
      .optional(),
  },
  (values) => ({ serviceName: values.POWERTOOLS_SERVICE_NAME, metricsNamespace: values.POWERTOOLS_METRICS_NAMESPACE }),
);
