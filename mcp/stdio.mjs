#!/usr/bin/env node
// `npm run -s mcp`: the MCP server from its prebuilt bundle, so it answers `initialize` within a
// second of an agent starting it (rebuilt first when a source changed).
import { runPrebuilt } from '../launch/prebuilt.mjs';

await runPrebuilt('mcp');
