// Entry of a Lambda worker thread. Plain JavaScript: it registers tsx's loader itself, so the
// handlers' TypeScript loads whether the runtime runs under tsx (npm start) or inside vitest.
import { register } from 'tsx/esm/api';

register();
const { serveLambdaThread } = await import('./lambda-thread.ts');
serveLambdaThread();
