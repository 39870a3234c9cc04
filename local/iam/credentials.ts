import { createHmac, randomBytes } from 'node:crypto';

/**
 * The access keys of the local cloud. The runtime's own clients (table and queue setup, seeding,
 * the admin CLI, tests' helpers) sign with an all-access key; each function signs with a key of
 * its own, which names it, so the emulators know whose role a call is evaluated against. Secrets
 * are drawn for this process: a signature made by another install, or known from the source, is
 * refused.
 */
export interface AccessKey {
  accessKeyId: string;
  secretAccessKey: string;
}

export const RUNTIME_CREDENTIALS: AccessKey = { accessKeyId: 'LOCALRUNTIME', secretAccessKey: randomBytes(30).toString('base64url') };

const FUNCTION_KEY_PREFIX = 'FUNCTION-';
/** Each function's secret follows from this one, so no table of them is kept. */
const functionSecretSeed = randomBytes(32);

function functionSecret(logicalId: string): string {
  return createHmac('sha256', functionSecretSeed).update(logicalId).digest('base64url');
}

/** The key a function's instances sign with, as the variables Lambda gives them. */
export function functionCredentials(logicalId: string): { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string } {
  return { AWS_ACCESS_KEY_ID: `${FUNCTION_KEY_PREFIX}${logicalId}`, AWS_SECRET_ACCESS_KEY: functionSecret(logicalId) };
}

/** Who signs with a key: the runtime itself, a function (its logical id), or nobody the local cloud knows. */
export type Signer = { kind: 'runtime' } | { kind: 'function'; logicalId: string };

export function signerOf(accessKeyId: string): Signer | undefined {
  if (accessKeyId === RUNTIME_CREDENTIALS.accessKeyId) return { kind: 'runtime' };
  if (accessKeyId.startsWith(FUNCTION_KEY_PREFIX) && accessKeyId.length > FUNCTION_KEY_PREFIX.length) return { kind: 'function', logicalId: accessKeyId.slice(FUNCTION_KEY_PREFIX.length) };
  return undefined;
}

/** The secret of a key the local cloud issued, for checking a signature made with it. */
export function secretOf(accessKeyId: string): string | undefined {
  const signer = signerOf(accessKeyId);
  if (!signer) return undefined;
  return signer.kind === 'runtime' ? RUNTIME_CREDENTIALS.secretAccessKey : functionSecret(signer.logicalId);
}
