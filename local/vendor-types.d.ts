// Minimal types for the packages that ship none: the two local emulators, and the state machine validator of the infrastructure tests.
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
