import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { IncomingMessage } from 'node:http';
import { verifyRequestSignature, type SignedRequest } from '../request-signature.js';
import { LOCAL_ACCOUNT, LOCAL_REGION } from '../template.js';
import { secretOf, signerOf } from './credentials.js';
import type { PolicyDocument, RoleIdentity } from './policies.js';
import { UnmappedRequestError, type ActionOnResource } from './request-actions.js';

/** Why a call is refused: the signature, or IAM. `code` is S3's name of it; JSON services name it their own way. */
export interface AccessRefusal {
  status: 400 | 403;
  code: string;
  message: string;
  /** True when the signature was good and the caller's role does not allow the call. */
  denied: boolean;
}

/** Evaluations kept per (role, action, resource); an S3 object whose key no policy looks at shares its bucket's entry. */
const CACHE_LIMIT = 20_000;

/** Whether no statement looks at an S3 object's key: no conditions, and every S3 resource either a bucket or a whole bucket's objects. */
function objectKeysIrrelevant(policies: Array<{ policy: PolicyDocument }>): boolean {
  const statements = policies.flatMap(({ policy }) => policy.Statement as Array<{ Condition?: unknown; Resource?: unknown; NotResource?: unknown }>);
  return statements.every((statement) => {
    const resources = [statement.Resource, statement.NotResource].flat().filter((resource): resource is string => typeof resource === 'string');
    return statement.Condition === undefined && resources.every((resource) => !resource.startsWith('arn:aws:s3:::') || /^arn:aws:s3:::[^/]*(\/\*)?$/.test(resource));
  });
}

/**
 * Evaluates calls against the roles of the template's functions and state machines with
 * iam-simulate, AWS's identity-policy logic (an explicit deny wins, else an allow is needed).
 */
export class LocalIam {
  private readonly cache = new Map<string, Promise<'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied'>>();
  private readonly keysIrrelevant = new Map<string, boolean>();

  constructor(private readonly identities: Map<string, RoleIdentity>) {
    for (const [id, identity] of identities) this.keysIrrelevant.set(id, objectKeysIrrelevant(identity.policies));
  }

  private cacheKey(principalId: string, { action, resource }: ActionOnResource): string {
    const object = /^(arn:aws:s3:::[^/]+)\/./.exec(resource);
    return `${principalId}\n${action}\n${object && this.keysIrrelevant.get(principalId) ? `${object[1]}/*` : resource}`;
  }

  private async evaluate(identity: RoleIdentity, { action, resource }: ActionOnResource) {
    const result = await runSimulation(
      {
        request: { principal: identity.roleArn, action, resource: { resource, accountId: LOCAL_ACCOUNT }, contextVariables: { 'aws:RequestedRegion': LOCAL_REGION } },
        identityPolicies: identity.policies,
        serviceControlPolicies: [],
        resourceControlPolicies: [],
      },
      {},
    );
    if (result.resultType === 'error') throw new Error(`IAM cannot evaluate ${action} on ${resource}: ${JSON.stringify(result.errors)}`);
    return result.overallResult;
  }

  /**
   * AWS's message for the first call of `calls` the principal's role does not allow, or undefined
   * when it allows them all.
   */
  async denial(principalId: string, calls: ActionOnResource[]): Promise<string | undefined> {
    const identity = this.identities.get(principalId);
    if (!identity) return `${principalId} is not a function or state machine of the template`;
    for (const call of calls) {
      const key = this.cacheKey(principalId, call);
      let verdict = this.cache.get(key);
      if (!verdict) {
        if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
        verdict = this.evaluate(identity, call);
        this.cache.set(key, verdict);
      }
      const result = await verdict;
      if (result === 'Allowed') continue;
      const reason = result === 'ExplicitlyDenied' ? 'with an explicit deny in an identity-based policy' : `because no identity-based policy allows the ${call.action} action`;
      return `User: ${identity.sessionArn} is not authorized to perform: ${call.action} on resource: ${call.resource} ${reason}`;
    }
    return undefined;
  }

  /**
   * Checks a request to a local service as AWS does: its signature, then, for a function's key, its
   * calls (`callsOf` reads them from the request) against that function's role. The runtime's own
   * key may do anything.
   */
  async authorize(request: SignedRequest, service: string, callsOf: () => ActionOnResource[]): Promise<{ accessKeyId: string } | { refusal: AccessRefusal }> {
    const verdict = await verifyRequestSignature(request, { secretOf, region: LOCAL_REGION, service });
    if ('refusal' in verdict) return { refusal: { ...verdict.refusal, denied: false } };
    const signer = signerOf(verdict.accessKeyId);
    if (signer?.kind !== 'function') return verdict;
    let calls: ActionOnResource[];
    try {
      calls = callsOf();
    } catch (error) {
      if (!(error instanceof UnmappedRequestError)) throw error;
      return { refusal: { status: 403, code: 'AccessDenied', message: `${error.message}; the local cloud refuses what it cannot check against the role`, denied: true } };
    }
    const message = await this.denial(signer.logicalId, calls);
    return message === undefined ? verdict : { refusal: { status: 403, code: 'AccessDenied', message, denied: true } };
  }
}

/** A JSON-protocol request as its signature covers it: the body included. */
export function signedJsonRequest(request: IncomingMessage, body: string): SignedRequest {
  return { method: request.method ?? 'POST', url: request.url ?? '/', headers: request.headers, body };
}

/**
 * How a JSON-protocol service answers a refused call: the status and `__type` for an IAM denial,
 * and for a signature it cannot accept (an unknown key, a signature that does not match, none).
 */
export function jsonProtocolRefusal(refusal: AccessRefusal, deniedStatus: 400 | 403): { status: number; type: string; message: string } {
  if (refusal.denied) return { status: deniedStatus, type: 'AccessDeniedException', message: refusal.message };
  if (refusal.code === 'InvalidAccessKeyId') return { status: 400, type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  if (refusal.code === 'SignatureDoesNotMatch') return { status: 400, type: 'InvalidSignatureException', message: refusal.message };
  if (refusal.code === 'AccessDenied' && refusal.message === 'Access Denied') return { status: 400, type: 'MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' };
  return { status: 400, type: 'IncompleteSignatureException', message: refusal.message };
}
