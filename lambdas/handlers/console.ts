import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { CONSOLE_PAGE, serveConsole } from '../console/serve.js';
import { downloadOrigin } from '../data/artifacts.js';

let origin: Promise<string> | undefined;

/** `GET /` and `GET /console/{asset}`: the web console, served without authentication. */
export const handler = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
  origin ??= downloadOrigin().catch((error: unknown) => {
    origin = undefined;
    throw error;
  });
  const ifNoneMatch = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'if-none-match')?.[1];
  return serveConsole(
    {
      asset: event.pathParameters?.asset ?? CONSOLE_PAGE,
      browserPath: event.requestContext?.path,
      ifNoneMatch,
      requestId: event.requestContext?.requestId ?? context.awsRequestId,
    },
    await origin,
  );
};
