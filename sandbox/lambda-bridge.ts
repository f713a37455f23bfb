/**
 * Runs a sandbox supplier server inside a Lambda function behind a function URL, so sandbox stacks on AWS
 * get the same supplier code as this machine. The node:http server starts once per container on a loopback
 * port and each function-URL event is forwarded to it unchanged; the supplier never knows it is in Lambda.
 *
 * Its bookings live in that container's memory: a stack deployed with `-c sandboxSupplierConcurrency=1` gives each
 * sandbox supplier a reserved concurrency of one so all calls reach the same container (an account with room to
 * reserve: lib/sandbox-suppliers.ts), and a recycled container starts with an empty book, as a sandbox reset would.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export interface RunningSandbox {
  readonly url: string;
}

const TEXT_TYPES = /^(application\/(json|xml|problem\+json|x-www-form-urlencoded)|text\/)/;

export function sandboxLambdaHandler(start: () => Promise<RunningSandbox>) {
  let running: Promise<RunningSandbox> | undefined;
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    running ??= start().catch((error: unknown) => {
      running = undefined;
      throw error;
    });
    const { url } = await running;
    const target = `${url}${event.rawPath}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
    if (event.cookies?.length) headers.set('cookie', event.cookies.join('; '));
    const body = event.body === undefined ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
    const method = event.requestContext.http.method;
    const response = await fetch(target, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
    const contentType = response.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = TEXT_TYPES.test(contentType);
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: text ? bytes.toString('utf8') : bytes.toString('base64'),
      isBase64Encoded: !text,
    };
  };
}
