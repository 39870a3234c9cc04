// Entry of a Lambda worker thread running a function's bundle: built to plain JavaScript when the
// runtime starts (bundledThreadEntry), so an instance starts as fast as the bundle loads.
import { serveLambdaThread } from './lambda-thread.js';

serveLambdaThread();
