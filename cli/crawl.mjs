#!/usr/bin/env node
// The package's `crawl` bin: runs the TypeScript CLI through tsx, as `npm run -s cli` does.
import { register } from 'tsx/esm/api';

register();
await import('./bin.ts');
