import { Stack } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';

/** Each cdk-nag finding we accept, with the reason it does not apply to this service. */
export function applyNagSuppressions(stack: Stack): void {
  NagSuppressions.addStackSuppressions(stack, [
    {
      id: 'AwsSolutions-IAM4',
      reason: "AWSLambdaBasicExecutionRole only allows writing the function's own logs; the API Gateway CloudWatch role uses the AWS managed push-to-CloudWatch policy by design.",
    },
    {
      id: 'AwsSolutions-IAM5',
      reason: "Wildcards come from CDK grants scoped to one table's indexes, one bucket's objects, X-Ray, and the state machine's log delivery, which AWS requires on resource '*'.",
    },
    {
      id: 'AwsSolutions-APIG2',
      reason: "Requests are validated in the handlers with zod so every rule answers in the service's error envelope with the offending field named.",
    },
    {
      id: 'AwsSolutions-COG4',
      reason: 'The API authenticates with service-issued API keys through a Lambda (TOKEN) authorizer, not Cognito user pools.',
    },
    {
      id: 'AwsSolutions-APIG3',
      reason: 'WAF is an optional add-on for operators; per-user rate limits and stage throttling protect the API without its fixed monthly cost.',
    },
  ]);
}
