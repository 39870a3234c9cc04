// Minimal types for the two local emulators that ship none.
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
