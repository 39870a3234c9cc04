/**
 * Metadata key naming a function's handler module; the local runtime uses it to host the same code.
 * A module of its own so the runtime reads it without loading aws-cdk-lib (a second or more at start).
 */
export const HANDLER_METADATA_KEY = 'crawl:handler';
