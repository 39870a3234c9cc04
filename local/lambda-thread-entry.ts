// Entry of a Lambda worker thread, running one function's module (the source's build or the
// function's bundle): built to plain JavaScript once (bundledThreadCode), so an instance starts
// without a TypeScript loader, as fast as the function's module loads.
import { serveLambdaThread } from './lambda-thread.js';

serveLambdaThread();
