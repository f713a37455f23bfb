/**
 * Powertools logger, metrics and tracer, one of each per function. Configuration comes from the standard
 * POWERTOOLS_* environment variables, which the CDK stack sets and the local host sets for this machine
 * (tracing and metrics off there: no X-Ray daemon, no CloudWatch).
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { loggableErrors } from './loggable-error.js';

const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'hotel-api';

// Every error in a line, wherever it sits, is logged through an allow-list (loggable-error.ts), never with
// its properties copied: they carry bookings, stored answers and suppliers' texts.
export const logger = new Logger({ serviceName, jsonReplacerFn: loggableErrors });
export const metricsNamespace = process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'HotelApi';
export const metrics = new Metrics({ serviceName, namespace: metricsNamespace });
export const tracer = new Tracer({ serviceName });
