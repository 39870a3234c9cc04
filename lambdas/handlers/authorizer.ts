import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { userOfAuthorization } from '../data/accounts.js';
import { lambdaHandler } from '../observability/handler.js';

/**
 * TOKEN authorizer. Throwing 'Unauthorized' is how API Gateway is told to answer 401 (its
 * UNAUTHORIZED gateway response, mapped to the error envelope). The policy covers the whole API
 * so a cached decision serves every route.
 */
export const handler = lambdaHandler(async (event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const user = await userOfAuthorization(event.authorizationToken);
  if (!user) throw new Error('Unauthorized');
  return {
    principalId: user.user_id,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: apiWildcard(event.methodArn) }],
    },
    context: { user_id: user.user_id, plan: user.plan, monthly_pages: user.monthly_pages },
  };
});

/** arn:aws:execute-api:region:account:apiId/stage/METHOD/path → arn:…:apiId/stage/* */
function apiWildcard(methodArn: string): string {
  const [arnPrefix, stage] = methodArn.split('/');
  return `${arnPrefix}/${stage}/*`;
}
