// Minimal types for the packages that ship none: the two local emulators (and the part of s3rver the
// store reaches into), and the state machine validator of the infrastructure tests.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options?: { path?: string; createTableMs?: number; deleteTableMs?: number; updateTableMs?: number }): Server;
}

declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    httpServer: Server;
    constructor(options: { address?: string; port?: number; directory: string; silent?: boolean; configureBuckets?: Array<{ name: string; configs: string[] }> });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

declare module 'asl-validator' {
  export default function validator(
    definition: unknown,
    options?: { checkPaths?: boolean; checkArn?: boolean },
  ): { isValid: boolean; errors: Array<{ 'Error code': string; Message: string }>; errorsText(separator?: string): string };
}

declare module 's3rver/lib/models/account.js' {
  /** s3rver's accounts by access key id; it serves only a request whose key is among them. */
  const accounts: {
    registry: Map<string, unknown>;
    DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
  };
  export default accounts;
}
