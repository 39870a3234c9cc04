// Generated from docs/openapi.json by `npm run docs:api`; do not edit.

export interface paths {
    "/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's jobs, newest first */
        get: operations["listJobs"];
        put?: never;
        /**
         * Create a crawl job
         * @description Reserves the pages the job may use (single 1, select the de-duplicated URL count, full `max_pages`) and starts the crawl. Unknown fields, and fields of another mode, are refused with 422.
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a job: status, progress, error, quota */
        get: operations["getJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a job
         * @description The crawl stops, keeps the pages crawled so far (those nearest the seed) and ends `cancelled`.
         */
        delete: operations["cancelJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the document of an ended job
         * @description One section per crawled page (`URL:` and `Title:` lines first), sections joined by a line holding exactly `---`. Documents over 4 MiB answer 303 to a short-lived download URL. A cancelled job has the document of the pages it crawled. `format=jsonl` gives one JSON object per crawled page in crawl order (`url`, `final_url`, `title`, `depth`, `fetched_at`, and `markdown` and/or `text` as the job asked; a job with only HTML, PDF or Word documents has `markdown`), for any job.
         */
        get: operations["getJobResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The per-URL ledger: crawled, failed and skipped pages with reasons */
        get: operations["listJobPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This month's page allowance and use (UTC) */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the key belongs to, the plan, and the webhook signing secret */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sitemap/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a site's pages from its sitemaps, or the seed page's links
         * @description Consumes no quota; 20 previews per rolling minute per user.
         */
        get: operations["previewSitemap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's jobs, newest first */
        get: operations["listJobsV1_1"];
        put?: never;
        /**
         * Create a crawl job
         * @description Reserves the pages the job may use (single 1, select the de-duplicated URL count, full `max_pages`) and starts the crawl. Unknown fields, and fields of another mode, are refused with 422.
         */
        post: operations["createJobV1_1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a job: status, progress, error, quota */
        get: operations["getJobV1_1"];
        put?: never;
        post?: never;
        /**
         * Cancel a job
         * @description The crawl stops, keeps the pages crawled so far (those nearest the seed) and ends `cancelled`.
         */
        delete: operations["cancelJobV1_1"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/jobs/{id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the document of an ended job
         * @description One section per crawled page (`URL:` and `Title:` lines first), sections joined by a line holding exactly `---`. Documents over 4 MiB answer 303 to a short-lived download URL. A cancelled job has the document of the pages it crawled. `format=jsonl` gives one JSON object per crawled page in crawl order (`url`, `final_url`, `title`, `depth`, `fetched_at`, and `markdown` and/or `text` as the job asked; a job with only HTML, PDF or Word documents has `markdown`), for any job. `html` is one self-contained page (no script, nothing loaded from elsewhere); `pdf` and `docx` always answer 303, since they are bytes.
         */
        get: operations["getJobResultV1_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/jobs/{id}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The per-URL ledger: crawled, failed and skipped pages with reasons */
        get: operations["listJobPagesV1_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This month's page allowance and use (UTC) */
        get: operations["getUsageV1_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the key belongs to, the plan, and the webhook signing secret */
        get: operations["getAccountV1_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/sitemap/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a site's pages from its sitemaps, or the seed page's links
         * @description Consumes no quota; 20 previews per rolling minute per user.
         */
        get: operations["previewSitemapV1_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document */
        get: operations["getOpenApiDocumentV1_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/scrape": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scrape one page, synchronously
         * @description A `single` job the request waits for (about 24 s at most, or `timeout`); 408 `SCRAPE_TIMEOUT` when it cannot finish, and the job is cancelled.
         */
        post: operations["firecrawlScrape"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/crawl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a crawl (a `full` job) */
        post: operations["firecrawlCrawl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/crawl/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's crawls still queued or running */
        get: operations["firecrawlActiveCrawls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/crawl/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A crawl: status and documents, paged by `next` */
        get: operations["firecrawlCrawlStatus"];
        put?: never;
        post?: never;
        /** Cancel a crawl */
        delete: operations["firecrawlCancelCrawl"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/crawl/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Failed pages and robots.txt refusals, from the ledger */
        get: operations["firecrawlCrawlErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/batch/scrape": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scrape a list of URLs (one `select` job per site)
         * @description Honours `x-idempotency-key`: a key used in the last day answers the batch it first made.
         */
        post: operations["firecrawlBatchScrape"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/batch/scrape/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch scrape: status and documents, paged by `next` */
        get: operations["firecrawlBatchStatus"];
        put?: never;
        post?: never;
        /** Cancel a batch scrape */
        delete: operations["firecrawlCancelBatch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/batch/scrape/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Failed pages and robots.txt refusals, from the ledger */
        get: operations["firecrawlBatchErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A site's URLs, from the sitemap preview */
        post: operations["firecrawlMap"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/team/credit-usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This month's pages, in Firecrawl's credit words */
        get: operations["firecrawlCreditUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Not supported: there is no web search here (map a site with /v2/map) */
        post: operations["firecrawlUnsupportedSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/extract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Not supported: there is no LLM extraction here */
        post: operations["firecrawlUnsupportedExtract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/extract/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not supported: there is no LLM extraction here */
        get: operations["firecrawlUnsupportedExtractIdGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/agent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Not supported: there is no agent here */
        post: operations["firecrawlUnsupportedAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/agent/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not supported: there is no agent here */
        get: operations["firecrawlUnsupportedAgentIdGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/crawl/params-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Not supported: there is no LLM here to turn a prompt into crawl options */
        post: operations["firecrawlUnsupportedCrawlParamsPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/firecrawl/v2/team/token-usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not supported: there are no LLM tokens here (GET /v2/team/credit-usage tells the pages) */
        get: operations["firecrawlUnsupportedTeamTokenUsageGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "url": "https://example.com/pricing",
         *       "mode": "single"
         *     }
         * @example {
         *       "url": "https://example.com/",
         *       "mode": "select",
         *       "urls": [
         *         "https://example.com/a",
         *         "https://example.com/b"
         *       ],
         *       "export_formats": [
         *         "markdown",
         *         "text"
         *       ]
         *     }
         * @example {
         *       "url": "https://example.com/",
         *       "mode": "full",
         *       "max_depth": 2,
         *       "max_pages": 100,
         *       "concurrency": 10
         *     }
         */
        CreateJobRequest: {
            /** @constant */
            mode: "single";
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            /**
             * @description Obey robots.txt. `false` needs an Enterprise plan (403 otherwise).
             * @default true
             */
            respect_robots?: boolean;
            /**
             * @description Check the site's terms of service for anti-scraping clauses first; the job fails with `tos_blocked` if it finds one.
             * @default true
             */
            check_tos?: boolean;
            /**
             * @description Leave out navigation, headers, footers, sidebars and cookie banners; `false` exports the whole body.
             * @default true
             */
            only_main_content?: boolean;
            /**
             * @description `auto`: render in a headless browser only pages whose HTML is a script-built shell; `always`: every page; `never`: none. A rendered page costs one page like any other.
             * @default auto
             * @enum {string}
             */
            render?: "auto" | "always" | "never";
            /** @description Announces the job by POST to `url`: `{event, job, metadata, delivered_at}`, signed with `X-Crawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by `webhook_signing_secret` (GET /v1/account). Non-2xx answers and timeouts are retried with backoff for over an hour; `X-Crawl-Delivery` names the delivery for de-duplication. */
            webhook?: {
                /**
                 * Format: uri
                 * @description Receiver: a public https URL; its addresses are checked again at every delivery.
                 * @example https://example.com/
                 */
                url: string;
                /** @description Events to announce (default all four). `completed`, `failed` and `cancelled` are sent once the result and the quota settlement are final. */
                events?: ("started" | "completed" | "failed" | "cancelled")[];
                /**
                 * @description Any JSON object up to 4096 bytes, echoed in every delivery.
                 * @default {}
                 */
                metadata?: {
                    [key: string]: unknown;
                };
            };
            /**
             * @description The documents to produce; `GET …/result?format=` picks one. HTML, PDF and Word documents are produced by `/v1.1`.
             * @default [
             *       "markdown"
             *     ]
             */
            export_formats?: ("markdown" | "text")[];
        } | {
            /** @constant */
            mode: "select";
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            /**
             * @description Obey robots.txt. `false` needs an Enterprise plan (403 otherwise).
             * @default true
             */
            respect_robots?: boolean;
            /**
             * @description Check the site's terms of service for anti-scraping clauses first; the job fails with `tos_blocked` if it finds one.
             * @default true
             */
            check_tos?: boolean;
            /**
             * @description Leave out navigation, headers, footers, sidebars and cookie banners; `false` exports the whole body.
             * @default true
             */
            only_main_content?: boolean;
            /**
             * @description `auto`: render in a headless browser only pages whose HTML is a script-built shell; `always`: every page; `never`: none. A rendered page costs one page like any other.
             * @default auto
             * @enum {string}
             */
            render?: "auto" | "always" | "never";
            /** @description Announces the job by POST to `url`: `{event, job, metadata, delivered_at}`, signed with `X-Crawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by `webhook_signing_secret` (GET /v1/account). Non-2xx answers and timeouts are retried with backoff for over an hour; `X-Crawl-Delivery` names the delivery for de-duplication. */
            webhook?: {
                /**
                 * Format: uri
                 * @description Receiver: a public https URL; its addresses are checked again at every delivery.
                 * @example https://example.com/
                 */
                url: string;
                /** @description Events to announce (default all four). `completed`, `failed` and `cancelled` are sent once the result and the quota settlement are final. */
                events?: ("started" | "completed" | "failed" | "cancelled")[];
                /**
                 * @description Any JSON object up to 4096 bytes, echoed in every delivery.
                 * @default {}
                 */
                metadata?: {
                    [key: string]: unknown;
                };
            };
            /**
             * @description The documents to produce; `GET …/result?format=` picks one. HTML, PDF and Word documents are produced by `/v1.1`.
             * @default [
             *       "markdown"
             *     ]
             */
            export_formats?: ("markdown" | "text")[];
            /** @description The pages to crawl, on the same site as `url`; 1 to 1000 entries, de-duplicated and crawled in this order. */
            urls: string[];
            /**
             * @description Fetches in flight at once for this job.
             * @default 5
             */
            concurrency?: number;
            /** @description Accepted and ignored in select mode. */
            max_pages?: unknown;
            /** @description Accepted and ignored in select mode. */
            max_depth?: unknown;
        } | {
            /** @constant */
            mode: "full";
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            /**
             * @description Obey robots.txt. `false` needs an Enterprise plan (403 otherwise).
             * @default true
             */
            respect_robots?: boolean;
            /**
             * @description Check the site's terms of service for anti-scraping clauses first; the job fails with `tos_blocked` if it finds one.
             * @default true
             */
            check_tos?: boolean;
            /**
             * @description Leave out navigation, headers, footers, sidebars and cookie banners; `false` exports the whole body.
             * @default true
             */
            only_main_content?: boolean;
            /**
             * @description `auto`: render in a headless browser only pages whose HTML is a script-built shell; `always`: every page; `never`: none. A rendered page costs one page like any other.
             * @default auto
             * @enum {string}
             */
            render?: "auto" | "always" | "never";
            /** @description Announces the job by POST to `url`: `{event, job, metadata, delivered_at}`, signed with `X-Crawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by `webhook_signing_secret` (GET /v1/account). Non-2xx answers and timeouts are retried with backoff for over an hour; `X-Crawl-Delivery` names the delivery for de-duplication. */
            webhook?: {
                /**
                 * Format: uri
                 * @description Receiver: a public https URL; its addresses are checked again at every delivery.
                 * @example https://example.com/
                 */
                url: string;
                /** @description Events to announce (default all four). `completed`, `failed` and `cancelled` are sent once the result and the quota settlement are final. */
                events?: ("started" | "completed" | "failed" | "cancelled")[];
                /**
                 * @description Any JSON object up to 4096 bytes, echoed in every delivery.
                 * @default {}
                 */
                metadata?: {
                    [key: string]: unknown;
                };
            };
            /**
             * @description The documents to produce; `GET …/result?format=` picks one. HTML, PDF and Word documents are produced by `/v1.1`.
             * @default [
             *       "markdown"
             *     ]
             */
            export_formats?: ("markdown" | "text")[];
            /**
             * @description Links followed at most this many steps from `url`.
             * @default 3
             */
            max_depth?: number;
            /**
             * @description Pages crawled at most; also the quota reserved.
             * @default 50
             */
            max_pages?: number;
            /** @description Only crawl discovered pages whose path matches one of these patterns (at most 50). Glob patterns matched against the URL path (query excluded), percent-decoded and case-sensitive: `*` any run of characters except `/`, `**` any run including `/`, `?` one character except `/`. The whole path must match: `/docs` matches only `/docs`; `/docs/*` matches `/docs/` and `/docs/intro` but not `/docs/a/b`; `/docs/**` matches `/docs/` and everything below it but not `/docs` itself; `/docs/**\/*.html` matches `/docs/a/b.html` but not `/docs/b.html` (both slashes must be there; `/docs/**.html` matches both); `/blog?` matches `/blogs`. A discovered URL is queued when no exclude pattern matches it and, if include patterns are given, at least one include pattern does; the seed is always crawled, and filtered URLs use no budget. */
            include_paths?: string[];
            /** @description Never crawl discovered pages whose path matches one of these patterns (at most 50). Glob patterns matched against the URL path (query excluded), percent-decoded and case-sensitive: `*` any run of characters except `/`, `**` any run including `/`, `?` one character except `/`. The whole path must match: `/docs` matches only `/docs`; `/docs/*` matches `/docs/` and `/docs/intro` but not `/docs/a/b`; `/docs/**` matches `/docs/` and everything below it but not `/docs` itself; `/docs/**\/*.html` matches `/docs/a/b.html` but not `/docs/b.html` (both slashes must be there; `/docs/**.html` matches both); `/blog?` matches `/blogs`. A discovered URL is queued when no exclude pattern matches it and, if include patterns are given, at least one include pattern does; the seed is always crawled, and filtered URLs use no budget. */
            exclude_paths?: string[];
            /**
             * @description Fetches in flight at once for this job.
             * @default 5
             */
            concurrency?: number;
        };
        /**
         * @example {
         *       "url": "https://example.com/pricing",
         *       "mode": "single"
         *     }
         * @example {
         *       "url": "https://example.com/",
         *       "mode": "select",
         *       "urls": [
         *         "https://example.com/a",
         *         "https://example.com/b"
         *       ],
         *       "export_formats": [
         *         "markdown",
         *         "text"
         *       ]
         *     }
         * @example {
         *       "url": "https://example.com/",
         *       "mode": "full",
         *       "max_depth": 2,
         *       "max_pages": 100,
         *       "concurrency": 10
         *     }
         * @example {
         *       "url": "https://example.com/docs/",
         *       "mode": "full",
         *       "max_pages": 200,
         *       "export_formats": [
         *         "pdf",
         *         "markdown"
         *       ],
         *       "pdf_paper": "Letter"
         *     }
         */
        CreateJobRequestV1_1: {
            /** @constant */
            mode: "single";
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            /**
             * @description Obey robots.txt. `false` needs an Enterprise plan (403 otherwise).
             * @default true
             */
            respect_robots?: boolean;
            /**
             * @description Check the site's terms of service for anti-scraping clauses first; the job fails with `tos_blocked` if it finds one.
             * @default true
             */
            check_tos?: boolean;
            /**
             * @description Leave out navigation, headers, footers, sidebars and cookie banners; `false` exports the whole body.
             * @default true
             */
            only_main_content?: boolean;
            /**
             * @description `auto`: render in a headless browser only pages whose HTML is a script-built shell; `always`: every page; `never`: none. A rendered page costs one page like any other.
             * @default auto
             * @enum {string}
             */
            render?: "auto" | "always" | "never";
            /** @description Announces the job by POST to `url`: `{event, job, metadata, delivered_at}`, signed with `X-Crawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by `webhook_signing_secret` (GET /v1/account). Non-2xx answers and timeouts are retried with backoff for over an hour; `X-Crawl-Delivery` names the delivery for de-duplication. */
            webhook?: {
                /**
                 * Format: uri
                 * @description Receiver: a public https URL; its addresses are checked again at every delivery.
                 * @example https://example.com/
                 */
                url: string;
                /** @description Events to announce (default all four). `completed`, `failed` and `cancelled` are sent once the result and the quota settlement are final. */
                events?: ("started" | "completed" | "failed" | "cancelled")[];
                /**
                 * @description Any JSON object up to 4096 bytes, echoed in every delivery.
                 * @default {}
                 */
                metadata?: {
                    [key: string]: unknown;
                };
            };
            /**
             * @description The documents to produce; `GET …/result?format=` picks one. `html`, `pdf` and `docx` are built from the markdown export.
             * @default [
             *       "markdown"
             *     ]
             */
            export_formats?: ("markdown" | "text" | "html" | "pdf" | "docx")[];
            /**
             * @description The paper size of the `pdf` document: `A4` (default) or `Letter`.
             * @enum {string}
             */
            pdf_paper?: "A4" | "Letter";
        } | {
            /** @constant */
            mode: "select";
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            /**
             * @description Obey robots.txt. `false` needs an Enterprise plan (403 otherwise).
             * @default true
             */
            respect_robots?: boolean;
            /**
             * @description Check the site's terms of service for anti-scraping clauses first; the job fails with `tos_blocked` if it finds one.
             * @default true
             */
            check_tos?: boolean;
            /**
             * @description Leave out navigation, headers, footers, sidebars and cookie banners; `false` exports the whole body.
             * @default true
             */
            only_main_content?: boolean;
            /**
             * @description `auto`: render in a headless browser only pages whose HTML is a script-built shell; `always`: every page; `never`: none. A rendered page costs one page like any other.
             * @default auto
             * @enum {string}
             */
            render?: "auto" | "always" | "never";
            /** @description Announces the job by POST to `url`: `{event, job, metadata, delivered_at}`, signed with `X-Crawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by `webhook_signing_secret` (GET /v1/account). Non-2xx answers and timeouts are retried with backoff for over an hour; `X-Crawl-Delivery` names the delivery for de-duplication. */
            webhook?: {
                /**
                 * Format: uri
                 * @description Receiver: a public https URL; its addresses are checked again at every delivery.
                 * @example https://example.com/
                 */
                url: string;
                /** @description Events to announce (default all four). `completed`, `failed` and `cancelled` are sent once the result and the quota settlement are final. */
                events?: ("started" | "completed" | "failed" | "cancelled")[];
                /**
                 * @description Any JSON object up to 4096 bytes, echoed in every delivery.
                 * @default {}
                 */
                metadata?: {
                    [key: string]: unknown;
                };
            };
            /**
             * @description The documents to produce; `GET …/result?format=` picks one. `html`, `pdf` and `docx` are built from the markdown export.
             * @default [
             *       "markdown"
             *     ]
             */
            export_formats?: ("markdown" | "text" | "html" | "pdf" | "docx")[];
            /**
             * @description The paper size of the `pdf` document: `A4` (default) or `Letter`.
             * @enum {string}
             */
            pdf_paper?: "A4" | "Letter";
            /** @description The pages to crawl, on the same site as `url`; 1 to 1000 entries, de-duplicated and crawled in this order. */
            urls: string[];
            /**
             * @description Fetches in flight at once for this job.
             * @default 5
             */
            concurrency?: number;
            /** @description Accepted and ignored in select mode. */
            max_pages?: unknown;
            /** @description Accepted and ignored in select mode. */
            max_depth?: unknown;
        } | {
            /** @constant */
            mode: "full";
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            /**
             * @description Obey robots.txt. `false` needs an Enterprise plan (403 otherwise).
             * @default true
             */
            respect_robots?: boolean;
            /**
             * @description Check the site's terms of service for anti-scraping clauses first; the job fails with `tos_blocked` if it finds one.
             * @default true
             */
            check_tos?: boolean;
            /**
             * @description Leave out navigation, headers, footers, sidebars and cookie banners; `false` exports the whole body.
             * @default true
             */
            only_main_content?: boolean;
            /**
             * @description `auto`: render in a headless browser only pages whose HTML is a script-built shell; `always`: every page; `never`: none. A rendered page costs one page like any other.
             * @default auto
             * @enum {string}
             */
            render?: "auto" | "always" | "never";
            /** @description Announces the job by POST to `url`: `{event, job, metadata, delivered_at}`, signed with `X-Crawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by `webhook_signing_secret` (GET /v1/account). Non-2xx answers and timeouts are retried with backoff for over an hour; `X-Crawl-Delivery` names the delivery for de-duplication. */
            webhook?: {
                /**
                 * Format: uri
                 * @description Receiver: a public https URL; its addresses are checked again at every delivery.
                 * @example https://example.com/
                 */
                url: string;
                /** @description Events to announce (default all four). `completed`, `failed` and `cancelled` are sent once the result and the quota settlement are final. */
                events?: ("started" | "completed" | "failed" | "cancelled")[];
                /**
                 * @description Any JSON object up to 4096 bytes, echoed in every delivery.
                 * @default {}
                 */
                metadata?: {
                    [key: string]: unknown;
                };
            };
            /**
             * @description The documents to produce; `GET …/result?format=` picks one. `html`, `pdf` and `docx` are built from the markdown export.
             * @default [
             *       "markdown"
             *     ]
             */
            export_formats?: ("markdown" | "text" | "html" | "pdf" | "docx")[];
            /**
             * @description The paper size of the `pdf` document: `A4` (default) or `Letter`.
             * @enum {string}
             */
            pdf_paper?: "A4" | "Letter";
            /**
             * @description Links followed at most this many steps from `url`.
             * @default 3
             */
            max_depth?: number;
            /**
             * @description Pages crawled at most; also the quota reserved.
             * @default 50
             */
            max_pages?: number;
            /** @description Only crawl discovered pages whose path matches one of these patterns (at most 50). Glob patterns matched against the URL path (query excluded), percent-decoded and case-sensitive: `*` any run of characters except `/`, `**` any run including `/`, `?` one character except `/`. The whole path must match: `/docs` matches only `/docs`; `/docs/*` matches `/docs/` and `/docs/intro` but not `/docs/a/b`; `/docs/**` matches `/docs/` and everything below it but not `/docs` itself; `/docs/**\/*.html` matches `/docs/a/b.html` but not `/docs/b.html` (both slashes must be there; `/docs/**.html` matches both); `/blog?` matches `/blogs`. A discovered URL is queued when no exclude pattern matches it and, if include patterns are given, at least one include pattern does; the seed is always crawled, and filtered URLs use no budget. */
            include_paths?: string[];
            /** @description Never crawl discovered pages whose path matches one of these patterns (at most 50). Glob patterns matched against the URL path (query excluded), percent-decoded and case-sensitive: `*` any run of characters except `/`, `**` any run including `/`, `?` one character except `/`. The whole path must match: `/docs` matches only `/docs`; `/docs/*` matches `/docs/` and `/docs/intro` but not `/docs/a/b`; `/docs/**` matches `/docs/` and everything below it but not `/docs` itself; `/docs/**\/*.html` matches `/docs/a/b.html` but not `/docs/b.html` (both slashes must be there; `/docs/**.html` matches both); `/blog?` matches `/blogs`. A discovered URL is queued when no exclude pattern matches it and, if include patterns are given, at least one include pattern does; the seed is always crawled, and filtered URLs use no budget. */
            exclude_paths?: string[];
            /**
             * @description Fetches in flight at once for this job.
             * @default 5
             */
            concurrency?: number;
        };
        FirecrawlScrapeRequest: {
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            formats?: (string | ({
                type: string;
            } & {
                [key: string]: unknown;
            }))[];
            onlyMainContent?: boolean;
            includeTags?: string[];
            excludeTags?: string[];
            headers?: {
                [key: string]: string;
            };
            waitFor?: number;
            timeout?: number;
            /** @constant */
            proxy?: "basic";
            origin?: string;
            integration?: string;
        };
        FirecrawlCrawlRequest: {
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            limit?: number;
            maxDiscoveryDepth?: number;
            includePaths?: string[];
            excludePaths?: string[];
            regexOnFullURL?: boolean;
            /** @constant */
            sitemap?: "skip";
            ignoreQueryParameters?: boolean;
            crawlEntireDomain?: boolean;
            maxConcurrency?: number;
            webhook?: string | {
                url: string;
                events?: ("started" | "completed" | "failed" | "page")[];
                metadata?: {
                    [key: string]: unknown;
                };
            };
            scrapeOptions?: {
                formats?: (string | ({
                    type: string;
                } & {
                    [key: string]: unknown;
                }))[];
                onlyMainContent?: boolean;
                includeTags?: string[];
                excludeTags?: string[];
                headers?: {
                    [key: string]: string;
                };
                waitFor?: number;
                timeout?: number;
                /** @constant */
                proxy?: "basic";
                origin?: string;
                integration?: string;
            };
            origin?: string;
            integration?: string;
        };
        FirecrawlBatchScrapeRequest: {
            urls: string[];
            ignoreInvalidURLs?: boolean;
            maxConcurrency?: number;
            webhook?: string | {
                url: string;
                events?: ("started" | "completed" | "failed" | "page")[];
                metadata?: {
                    [key: string]: unknown;
                };
            };
            formats?: (string | ({
                type: string;
            } & {
                [key: string]: unknown;
            }))[];
            onlyMainContent?: boolean;
            includeTags?: string[];
            excludeTags?: string[];
            headers?: {
                [key: string]: string;
            };
            waitFor?: number;
            timeout?: number;
            /** @constant */
            proxy?: "basic";
            origin?: string;
            integration?: string;
        };
        FirecrawlMapRequest: {
            /**
             * Format: uri
             * @description A public https URL: no private, loopback or other internal address.
             * @example https://example.com/
             */
            url: string;
            search?: string;
            /** @enum {string} */
            sitemap?: "include" | "skip" | "only";
            ignoreQueryParameters?: boolean;
            limit?: number;
            timeout?: number;
            origin?: string;
            integration?: string;
        };
        /**
         * @description The job as created.
         * @example {
         *       "id": "0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10",
         *       "status": "queued",
         *       "url": "https://example.com/",
         *       "mode": "full",
         *       "links": {
         *         "self": "/v1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10",
         *         "result": "/v1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10/result"
         *       }
         *     }
         */
        JobCreated: {
            /**
             * Format: uuid
             * @description The job id.
             * @example 0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10
             */
            id: string;
            /**
             * @description `completed`, `failed` and `cancelled` are final.
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /** @description The url as submitted. */
            url: string;
            /** @enum {string} */
            mode: "single" | "select" | "full";
            /** @description Select jobs only: the number of URLs kept after de-duplication. */
            pages_total?: number;
            links: {
                self: string;
                result: string;
            };
        };
        /** @description The body of every error response, API Gateway's own answers included. */
        Error: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "invalid_json" | "unauthorized" | "quota_exceeded" | "forbidden" | "not_found" | "result_not_ready" | "job_failed" | "job_finished" | "payload_too_large" | "validation_error" | "rate_limited" | "internal_error" | "site_unreachable";
                message: string;
                /** @description The offending fields (4xx validation), or a structured object such as the quota figures. */
                details?: {
                    field?: string;
                    message: string;
                }[] | {
                    [key: string]: unknown;
                };
                /** @description Quote it when reporting a problem. */
                request_id: string;
            };
        };
        JobList: {
            jobs: components["schemas"]["Job"][];
            /** @description Pass as `cursor` to get the next page; null on the last page. */
            next_cursor: string | null;
        };
        /**
         * @description The job record: settings, state, progress, error and quota.
         * @example {
         *       "id": "0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10",
         *       "status": "running",
         *       "url": "https://example.com/",
         *       "mode": "full",
         *       "export_formats": [
         *         "markdown"
         *       ],
         *       "respect_robots": true,
         *       "check_tos": true,
         *       "only_main_content": true,
         *       "render": "auto",
         *       "max_depth": 3,
         *       "max_pages": 50,
         *       "concurrency": 5,
         *       "progress": {
         *         "pages_crawled": 12,
         *         "pages_failed": 1,
         *         "pages_skipped": 3
         *       },
         *       "cancel_requested": false,
         *       "error": null,
         *       "quota": {
         *         "reserved": 50,
         *         "charged": 0
         *       },
         *       "created_at": "2026-11-22T10:00:00.000Z",
         *       "started_at": "2026-11-22T10:00:01.000Z",
         *       "finished_at": null,
         *       "links": {
         *         "self": "/v1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10",
         *         "result": "/v1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10/result",
         *         "pages": "/v1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10/pages"
         *       }
         *     }
         */
        Job: {
            /**
             * Format: uuid
             * @description The job id.
             * @example 0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10
             */
            id: string;
            /**
             * @description `completed`, `failed` and `cancelled` are final.
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            url: string;
            /** @enum {string} */
            mode: "single" | "select" | "full";
            export_formats: ("markdown" | "text" | "html" | "pdf" | "docx")[];
            /**
             * @description The paper size of a `/v1.1` job's `pdf` document.
             * @enum {string}
             */
            pdf_paper?: "A4" | "Letter";
            respect_robots: boolean;
            check_tos: boolean;
            only_main_content: boolean;
            /**
             * @description When pages are rendered in a headless browser: `auto`, `always` or `never`.
             * @enum {string}
             */
            render: "auto" | "always" | "never";
            max_depth: number;
            max_pages: number;
            concurrency: number;
            /** @description Select jobs only: the number of URLs kept after de-duplication. */
            pages_total?: number;
            /** @description The path filters the job was given, if any. */
            include_paths?: string[];
            /** @description The path filters the job was given, if any. */
            exclude_paths?: string[];
            progress: {
                pages_crawled: number;
                pages_failed: number;
                pages_skipped: number;
            };
            cancel_requested: boolean;
            /** @description Why a failed job failed; null otherwise. */
            error: components["schemas"]["JobError"] | null;
            quota: {
                /** @description Pages reserved when the job was created. */
                reserved: number;
                /** @description Pages charged once the job ended. */
                charged: number;
            };
            /** Format: date-time */
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
            /** @description Present when a `pdf` or `docx` document could not be built, or was built without all of the pages' content: why, by format. A document that was built is served all the same; the job's other documents are there. */
            document_failures?: {
                [key: string]: string;
            };
            /** @description The job's webhook, if it was given one, with each event's delivery. */
            webhook?: {
                url: string;
                events: ("started" | "completed" | "failed" | "cancelled")[];
                metadata: {
                    [key: string]: unknown;
                };
                deliveries: {
                    id: string;
                    /** @enum {string} */
                    event: "started" | "completed" | "failed" | "cancelled";
                    /** @enum {string} */
                    status: "pending" | "delivered" | "failed";
                    attempts: number;
                    last_status: string | null;
                    last_attempt_at: string | null;
                    next_attempt_at: string | null;
                }[];
                last_status: string | null;
            };
            firecrawl?: components["schemas"]["FirecrawlJobOptions"];
            links: {
                self: string;
                result: string;
                pages: string;
            };
        };
        JobError: {
            /** @enum {string} */
            code: "tos_blocked" | "robots_disallowed" | "seed_fetch_failed" | "internal_error";
            message: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description The options of a job created through the Firecrawl-compatible routes (`/firecrawl/v2/…`). */
        FirecrawlJobOptions: {
            /**
             * @description The Firecrawl route that created the job: `/v2/scrape`, `/v2/crawl` or `/v2/batch/scrape`.
             * @enum {string}
             */
            kind: "scrape" | "crawl" | "batch";
            /** @description The formats of each page's Firecrawl document. */
            formats: ("markdown" | "html" | "rawHtml" | "links")[];
            /** @description CSS selectors: only these elements of a page are exported (`includeTags`). */
            include_tags?: string[];
            /** @description CSS selectors: these elements are left out of the export (`excludeTags`). */
            exclude_tags?: string[];
            /** @description Request headers sent with each page fetch (`headers`). */
            headers?: {
                [key: string]: string;
            };
            /** @description Regular expressions (RE2 syntax); a discovered URL is crawled only if one matches (`includePaths`). */
            include_regex?: string[];
            /** @description Regular expressions (RE2 syntax); a discovered URL that matches one is not crawled (`excludePaths`). */
            exclude_regex?: string[];
            /** @description The regular expressions are matched against the whole URL instead of its path (`regexOnFullURL`). */
            regex_on_full_url?: boolean;
            /** @description Only discovered URLs whose path starts with this one (the seed's) are crawled (`crawlEntireDomain: false`). */
            under_path?: string;
            /** @description Discovered URLs are crawled without their query string (`ignoreQueryParameters`). */
            ignore_query?: boolean;
            /** @description On the first job of a batch scrape: every job of the batch, in order; the batch id is this job's id. */
            batch_jobs?: string[];
        };
        /** @description Ledger entries in crawl order: by depth, then discovery order. */
        LedgerPage: {
            pages: components["schemas"]["LedgerEntry"][];
            /** @description Pass as `cursor` to get the next page; null on the last page. */
            next_cursor: string | null;
        };
        /**
         * @example {
         *       "url": "https://example.com/a",
         *       "final_url": "https://example.com/a",
         *       "depth": 1,
         *       "status": "crawled",
         *       "reason": null,
         *       "http_status": 200,
         *       "title": "A",
         *       "bytes": 5120,
         *       "rendered": false
         *     }
         */
        LedgerEntry: {
            url: string;
            /** @description Where redirects ended, when the page was fetched. */
            final_url: string | null;
            depth: number;
            /** @enum {string} */
            status: "queued" | "crawled" | "failed" | "skipped";
            /** @description Why a page failed or was skipped (`robots_disallowed`, `http_404`, `timeout`, …); `truncated` on a crawled page cut by the export caps. */
            reason: string | null;
            http_status: number | null;
            title: string | null;
            /** @description Size of the page's export. */
            bytes: number | null;
            /** @description Whether the page was rendered in a headless browser. */
            rendered: boolean;
        };
        /**
         * @example {
         *       "period": "2026-11",
         *       "allowance": 50000,
         *       "used": 1200,
         *       "reserved": 50,
         *       "remaining": 48750
         *     }
         */
        Usage: {
            /** @description The calendar month (UTC). */
            period: string;
            allowance: number;
            used: number;
            /** @description Pages held by jobs that have not ended. */
            reserved: number;
            remaining: number;
        };
        /**
         * @example {
         *       "user_id": "alice",
         *       "plan": "pro",
         *       "monthly_pages": 50000,
         *       "webhook_signing_secret": "whsec_…"
         *     }
         */
        Account: {
            user_id: string;
            /** @enum {string} */
            plan: "free" | "pro" | "enterprise";
            monthly_pages: number;
            /** @description Key of the HMAC-SHA256 in the `X-Crawl-Signature` header of webhook deliveries. */
            webhook_signing_secret: string;
        };
        /**
         * @description Candidate page URLs of a site, for a `select` job.
         * @example {
         *       "urls": [
         *         "https://example.com/",
         *         "https://example.com/about"
         *       ],
         *       "source": "sitemap",
         *       "count": 2,
         *       "capped": false,
         *       "assets_filtered": 0
         *     }
         */
        SitemapPreview: {
            /** @description Candidate page URLs on the same site, for a `select` job. */
            urls: string[];
            /** @enum {string} */
            source: "sitemap" | "shallow_crawl";
            count: number;
            /** @description True only when `limit` was given and reached. */
            capped: boolean;
            /** @description URLs left out because they name images, PDFs, feeds, scripts and other assets. */
            assets_filtered: number;
        };
        FirecrawlScrapeResponse: {
            /** @constant */
            success: true;
            data: components["schemas"]["FirecrawlDocument"];
        };
        FirecrawlDocument: {
            markdown?: string;
            /** @description The page's exported content as HTML (after onlyMainContent and the tag selectors). */
            html?: string;
            /** @description The page as it was served (or rendered). */
            rawHtml?: string;
            /** @description Every http(s) link of the page, once each, in document order. */
            links?: string[];
            metadata: {
                title?: string;
                description?: string;
                language?: string;
                /** @description The URL as requested. */
                sourceURL: string;
                /** @description Where redirects ended. */
                url: string;
                statusCode: number;
                /** @description Why the page has no content (`http_404`, `timeout`, …), when it has none. */
                error?: string;
                /** @description The job that scraped the page (its id in `/v1/jobs`). */
                scrapeId: string;
            };
        };
        /** @description The body of every error of the `/firecrawl/v2` routes. */
        FirecrawlError: {
            /** @constant */
            success: false;
            /** @description What went wrong, naming the option or field at fault. */
            error: string;
            /** @description A stable code for some errors: `BAD_REQUEST`, `SCRAPE_TIMEOUT`, `SCRAPE_FAILED`. */
            code?: string;
            /** @description Every offending field of a 400. */
            details?: {
                field: string;
                message: string;
            }[];
        };
        FirecrawlJobStarted: {
            /** @constant */
            success: true;
            /** @description The crawl (or batch) id; a crawl's is its job id in `/v1/jobs`. */
            id: string;
            /** @description Where its status is read. */
            url: string;
            /** @description Batch scrape with `ignoreInvalidURLs`: the URLs left out. */
            invalidURLs?: string[];
        };
        FirecrawlActiveCrawls: {
            /** @constant */
            success: true;
            crawls: {
                id: string;
                teamId: string;
                url: string;
                options: components["schemas"]["FirecrawlJobOptions"] | null;
            }[];
        };
        FirecrawlJobStatus: {
            /** @constant */
            success: true;
            /** @enum {string} */
            status: "scraping" | "completed" | "failed" | "cancelled";
            /** @description Pages scraped so far. */
            completed: number;
            /** @description Pages scraped, and those still to fetch. */
            total: number;
            /** @description Pages charged (once the job ended), else pages scraped so far. */
            creditsUsed: number;
            /**
             * Format: date-time
             * @description When the job and its pages are deleted.
             */
            expiresAt: string;
            /** @description The URL of the next page of documents, while there are more ready; the SDKs follow it. */
            next?: string;
            /** @description Documents of scraped pages in crawl order (breadth first): a prefix that only grows. */
            data: components["schemas"]["FirecrawlDocument"][];
        };
        FirecrawlCancelled: {
            /** @constant */
            success: true;
            /** @constant */
            status: "cancelled";
        };
        FirecrawlErrors: {
            /** @description Pages that failed, with the ledger's reason. */
            errors: {
                id: string;
                timestamp?: string;
                url: string;
                error: string;
            }[];
            /** @description URLs robots.txt did not allow. */
            robotsBlocked: string[];
        };
        FirecrawlMapResponse: {
            /** @constant */
            success: true;
            links: {
                url: string;
            }[];
        };
        FirecrawlCreditUsage: {
            /** @constant */
            success: true;
            data: {
                /** @description Pages left this month: the allowance less pages used and reserved. */
                remainingCredits: number;
                /** @description The monthly page allowance. */
                planCredits: number;
                /** Format: date-time */
                billingPeriodStart: string;
                /** Format: date-time */
                billingPeriodEnd: string;
            };
        };
        /**
         * @description One line of `GET …/result?format=jsonl`: one crawled page, in crawl order.
         * @example {
         *       "url": "https://example.com/a",
         *       "final_url": "https://example.com/a",
         *       "title": "A",
         *       "depth": 1,
         *       "fetched_at": "2026-11-25T10:00:01.000Z",
         *       "markdown": "# A\n\nText."
         *     }
         */
        PageRecord: {
            /** @description The URL as queued. */
            url: string;
            /** @description Where redirects ended; `url` when there were none. */
            final_url: string;
            title: string | null;
            /** @description Links followed from the seed (the seed is 0). */
            depth: number;
            /**
             * Format: date-time
             * @description When the page's fetch answered, ISO 8601 in UTC.
             */
            fetched_at: string;
            /** @description The page's section content in markdown, when the job's documents are built from it. */
            markdown?: string;
            /** @description The page's section content in plain text, when the job asked for text. */
            text?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listJobs: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Jobs per page; default 20. */
                limit?: number;
                /** @description Only jobs in this state. */
                status?: "queued" | "running" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobList"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateJobRequest"];
            };
        };
        responses: {
            /** @description The job is queued. */
            202: {
                headers: {
                    /** @description The job record, `/v1/jobs/{id}`. */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCreated"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason; `invalid_json`: the body is not a JSON object */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `quota_exceeded`: the job would go over the month's page allowance; `details` has the figures */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: allowed request, not for this plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over 4194304 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancellation requested; the record has `cancel_requested: true`. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `job_finished`: the job has already ended */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJobResult: {
        parameters: {
            query?: {
                /** @description One of the job's `export_formats` (default the first of them this version serves), or `jsonl`: one JSON object per crawled page, which every job has. */
                format?: "markdown" | "text" | "jsonl";
            };
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example URL: https://example.com/
                     *     Title: Example
                     *
                     *     # Example
                     *
                     *     Text.
                     *
                     *     ---
                     *
                     *     URL: https://example.com/a
                     *     …
                     */
                    "text/markdown": string;
                    "text/plain": string;
                    /** @example {"url":"https://example.com/","final_url":"https://example.com/","title":"Example","depth":0,"fetched_at":"2026-11-25T10:00:01.000Z","markdown":"# Example\n\nText."} */
                    "application/x-ndjson": string;
                };
            };
            /** @description The document is large: download it from `Location` (valid for 5 minutes, no Authorization header). */
            303: {
                headers: {
                    /** @description A presigned download URL. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `result_not_ready`: the job has not ended yet; `job_failed`: the job failed; `details` is the job's error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobPages: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Entries per page; default 100. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of ledger entries in crawl order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPage"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage of the current period. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewSitemap: {
        parameters: {
            query: {
                /** @description The seed, usually the home page; only URLs of its site are listed. */
                url: string;
                /** @description Return at most this many URLs (the service never returns more than 50000). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Candidate URLs for a select job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitemapPreview"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `site_unreachable`: the site's host gave no answer (DNS, connection, TLS or timeout); `details` has `url` and `reason` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobsV1_1: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Jobs per page; default 20. */
                limit?: number;
                /** @description Only jobs in this state. */
                status?: "queued" | "running" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobList"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createJobV1_1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateJobRequestV1_1"];
            };
        };
        responses: {
            /** @description The job is queued. */
            202: {
                headers: {
                    /** @description The job record, `/v1.1/jobs/{id}`. */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCreated"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason; `invalid_json`: the body is not a JSON object */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `quota_exceeded`: the job would go over the month's page allowance; `details` has the figures */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: allowed request, not for this plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over 4194304 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJobV1_1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelJobV1_1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancellation requested; the record has `cancel_requested: true`. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `job_finished`: the job has already ended */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJobResultV1_1: {
        parameters: {
            query?: {
                /** @description One of the job's `export_formats` (default the first of them this version serves), or `jsonl`: one JSON object per crawled page, which every job has. */
                format?: "markdown" | "text" | "html" | "pdf" | "docx" | "jsonl";
            };
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example URL: https://example.com/
                     *     Title: Example
                     *
                     *     # Example
                     *
                     *     Text.
                     *
                     *     ---
                     *
                     *     URL: https://example.com/a
                     *     …
                     */
                    "text/markdown": string;
                    "text/plain": string;
                    "text/html": string;
                    /** @example {"url":"https://example.com/","final_url":"https://example.com/","title":"Example","depth":0,"fetched_at":"2026-11-25T10:00:01.000Z","markdown":"# Example\n\nText."} */
                    "application/x-ndjson": string;
                };
            };
            /** @description The document is large, or a PDF or Word file: download it from `Location` (valid for 5 minutes, no Authorization header). */
            303: {
                headers: {
                    /** @description A presigned download URL. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `result_not_ready`: the job has not ended yet; `job_failed`: the job failed; `details` is the job's error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobPagesV1_1: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description Entries per page; default 100. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The job id (`id` of the job record). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of ledger entries in crawl order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPage"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such job (or another user's), or no such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsageV1_1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage of the current period. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountV1_1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewSitemapV1_1: {
        parameters: {
            query: {
                /** @description The seed, usually the home page; only URLs of its site are listed. */
                url: string;
                /** @description Return at most this many URLs (the service never returns more than 50000). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Candidate URLs for a select job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitemapPreview"];
                };
            };
            /** @description `bad_request`: a request API Gateway refused for another reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: no `Authorization: Bearer <key>`, or an unknown or revoked key */
            401: {
                headers: {
                    /** @description Always `Bearer`. */
                    "WWW-Authenticate": "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_error`: `details` names every offending field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `site_unreachable`: the site's host gave no answer (DNS, connection, TLS or timeout); `details` has `url` and `reason` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocumentV1_1: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `internal_error`: a fault of ours (500), or an upstream failure (502, 504); never a stack trace. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    firecrawlScrape: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirecrawlScrapeRequest"];
            };
        };
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlScrapeResponse"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description The job would go over the month's page allowance. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description The scrape did not finish in time (`SCRAPE_TIMEOUT`). */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlCrawl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirecrawlCrawlRequest"];
            };
        };
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlJobStarted"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description The job would go over the month's page allowance. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlActiveCrawls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlActiveCrawls"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlCrawlStatus: {
        parameters: {
            query?: {
                /** @description Where the page starts; taken from `next`. */
                cursor?: string;
                /** @description Documents per page, 1 to 100 (default 100). */
                limit?: string;
            };
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlJobStatus"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No such job (or another user's). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlCancelCrawl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlCancelled"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No such job (or another user's). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description The job has already ended. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlCrawlErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlErrors"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No such job (or another user's). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlBatchScrape: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirecrawlBatchScrapeRequest"];
            };
        };
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlJobStarted"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description The job would go over the month's page allowance. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlBatchStatus: {
        parameters: {
            query?: {
                /** @description Where the page starts; taken from `next`. */
                cursor?: string;
                /** @description Documents per page, 1 to 100 (default 100). */
                limit?: string;
            };
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlJobStatus"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No such job (or another user's). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlCancelBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlCancelled"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No such job (or another user's). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description The job has already ended. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlBatchErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlErrors"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No such job (or another user's). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlMap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirecrawlMapRequest"];
            };
        };
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlMapResponse"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlCreditUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firecrawl's answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlCreditUsage"];
                };
            };
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlUnsupportedSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlUnsupportedExtract: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlUnsupportedExtractIdGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlUnsupportedAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlUnsupportedAgentIdGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The crawl or batch id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlUnsupportedCrawlParamsPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
    firecrawlUnsupportedTeamTokenUsageGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An option or format this service does not do (named in `error`), or a bad field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description No valid `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A rate limit; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
            /** @description A fault of ours, or a site that could not be scraped (`SCRAPE_FAILED`, `SITE_UNREACHABLE`). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FirecrawlError"];
                };
            };
        };
    };
}
