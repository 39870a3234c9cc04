import type { APIGatewayProxyEvent } from 'aws-lambda';
import { z } from 'zod';
import { PlanSchema } from '../domain/accounts.js';
import { unauthorized } from './errors.js';

/** The user the authorizer admitted; API Gateway hands its context values over as strings. */
const CallerSchema = z.object({
  user_id: z.string().min(1),
  plan: PlanSchema,
  monthly_pages: z.coerce.number().int().min(0),
});
export type Caller = z.infer<typeof CallerSchema>;

export function callerOf(event: APIGatewayProxyEvent): Caller {
  const parsed = CallerSchema.safeParse(event.requestContext?.authorizer ?? {});
  if (!parsed.success) throw unauthorized();
  return parsed.data;
}
