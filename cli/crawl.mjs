#!/usr/bin/env node
// The package's `crawl` bin and `npm run -s cli`: the CLI from its prebuilt bundle, which starts in a
// fraction of the time TypeScript through tsx takes (rebuilt first when a source changed).
import { runPrebuilt } from '../launch/prebuilt.mjs';

await runPrebuilt('cli');
