/**
 * The API's limits that its clients build on too (the MCP server's input schemas, the console's
 * checks), beside the schemas of the API edge that enforce them. No imports, so a tool or the
 * console's browser bundle takes them without the schemas.
 */

/** `select`: the most URLs one job may list. */
export const MAX_SELECT_URLS = 1000;

/** `GET /v1/sitemap/preview?limit=`: the most URLs one preview returns. */
export const PREVIEW_LIMIT_MAX = 50_000;

/** `GET /v1/jobs/{id}/pages?limit=`: ledger entries per page. */
export const PAGES_LIMIT_MAX = 1000;
export const PAGES_LIMIT_DEFAULT = 100;

/** `GET /v1/jobs?limit=`: jobs per page. */
export const JOBS_LIMIT_MAX = 100;
export const JOBS_LIMIT_DEFAULT = 20;
