/**
 * An X-Ray subsegment around one call (a supplier request, say), annotated so a trace can be filtered by
 * supplier. The subsegment hangs off the current segment without becoming the current one: search asks its
 * suppliers in parallel, and making one of them current would put its siblings' subsegments under it.
 * Nothing at all when tracing is off (the local host, tests).
 */
import { tracer } from './observability.js';

export async function traced<T>(name: string, annotations: Record<string, string>, call: () => Promise<T>): Promise<T> {
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (!parent) return call();
  const subsegment = parent.addNewSubsegment(name);
  for (const [key, value] of Object.entries(annotations)) subsegment.addAnnotation(key, value);
  try {
    return await call();
  } catch (error) {
    subsegment.addError(error as Error);
    throw error;
  } finally {
    subsegment.close();
  }
}
