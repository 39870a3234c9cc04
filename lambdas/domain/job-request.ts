import { z } from 'zod';
import { checkPublicHttpsUrl, dedupeUrls, isSameSite } from '../core/urls.js';
import { FORMATS_OF_VERSION, PAPER_SIZES, type ApiVersion, type DocumentFormat } from './formats.js';
import { RENDER_MODES } from '../core/render-decision.js';
import { MAX_PATH_PATTERNS, pathPatternProblem } from '../core/path-filter.js';
import { MAX_SELECT_URLS } from './limits.js';
import { MAX_WEBHOOK_METADATA_BYTES, WEBHOOK_EVENTS } from './webhook.js';

/** Missing fields say "required"; present fields of the wrong type get the field's own rule. */
function requiredOr(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : message) };
}

// A lone surrogate cannot be stored or echoed as UTF-8, and `url` is kept as submitted.
const LONE_SURROGATE = /\p{Surrogate}/u;

export const publicHttpsUrlSchema = z.string(requiredOr('must be a string holding an https URL')).superRefine((value, ctx) => {
  if (LONE_SURROGATE.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'must be well-formed Unicode (it holds a lone surrogate)' });
    return;
  }
  const check = checkPublicHttpsUrl(value);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: `must be a public https URL: ${check.reason}` });
}).meta({ format: 'uri', description: 'A public https URL: no private, loopback or other internal address.', examples: ['https://example.com/'] });

function formatRule(formats: readonly DocumentFormat[]): string {
  return `must be ${formats.slice(0, -1).join(', ')} or ${formats.at(-1)}`;
}

/** One entry of `export_formats` as `version` takes it; `/v1` points at `/v1.1` for the formats added there. */
export function exportFormatSchema(version: ApiVersion) {
  const formats = FORMATS_OF_VERSION[version];
  return z.enum(formats as [DocumentFormat, ...DocumentFormat[]], {
    error: (issue) => {
      const input = typeof issue.input === 'string' ? issue.input.toLowerCase() : undefined;
      // "word" is what people call docx
      const meant = input === 'word' ? 'docx' : input;
      if (version === 'v1' && !formats.includes(meant as DocumentFormat) && FORMATS_OF_VERSION['v1.1'].includes(meant as DocumentFormat)) {
        return `"${String(issue.input)}" is a /v1.1 format${meant === input ? '' : ` (${meant})`}; /v1 accepts markdown or text (send the request to /v1.1/jobs)`;
      }
      return meant === input ? formatRule(formats) : `${formatRule(formats)} (a Word document is docx)`;
    },
  });
}

// Far more than there will ever be formats; bounds the work an absurd list can cause.
const MAX_EXPORT_FORMATS = 10;

function exportFormatsSchema(version: ApiVersion) {
  return z
    .array(z.unknown(), { error: 'must be an array of formats' })
    .min(1, { error: 'must list at least one format' })
    .max(MAX_EXPORT_FORMATS, { error: `must list at most ${MAX_EXPORT_FORMATS} formats` })
    .pipe(z.array(exportFormatSchema(version)))
    .superRefine((formats, ctx) => {
      const repeated = new Set(formats.filter((format, index) => formats.indexOf(format) !== index));
      for (const format of repeated) ctx.addIssue({ code: 'custom', message: `"${format}" is listed more than once` });
    })
    .default((): DocumentFormat[] => ['markdown'])
    // the list is checked as a whole before its entries, so zod alone would document the entries as anything
    .meta({
      description: 'The documents to produce; `GET …/result?format=` picks one.' + (version === 'v1' ? ' HTML, PDF and Word documents are produced by `/v1.1`.' : ' `html`, `pdf` and `docx` are built from the markdown export.'),
      override: { items: { type: 'string', enum: [...FORMATS_OF_VERSION[version]] } },
    });
}

const flagSchema = (description: string) => z.boolean({ error: 'must be true or false' }).default(true).meta({ description });

function boundedIntSchema(min: number, max: number, defaultValue: number) {
  const rule = { error: `must be an integer from ${min} to ${max}` };
  return z.int(rule).min(min, rule).max(max, rule).default(defaultValue);
}

export const concurrencySchema = boundedIntSchema(1, 20, 5).meta({ description: 'Fetches in flight at once for this job.' });

/** Render pages in a headless browser only where the static HTML is a script-built shell. */
const renderSchema = z
  .enum(RENDER_MODES, { error: 'must be auto, always or never' })
  .default('auto')
  .meta({ description: '`auto`: render in a headless browser only pages whose HTML is a script-built shell; `always`: every page; `never`: none. A rendered page costs one page like any other.' });
const webhookSchema = z
  .strictObject(
    {
      url: publicHttpsUrlSchema.describe('Receiver: a public https URL; its addresses are checked again at every delivery.'),
      events: z
        .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'must be an array of events' })
        .min(1, { error: 'must list at least one event' })
        .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)))
        .default([...WEBHOOK_EVENTS])
        .describe('Events to announce (default all four). `completed`, `failed` and `cancelled` are sent once the result and the quota settlement are final.'),
      metadata: z
        .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
        .refine((metadata) => Buffer.byteLength(JSON.stringify(metadata)) <= MAX_WEBHOOK_METADATA_BYTES, {
          error: `must be at most ${MAX_WEBHOOK_METADATA_BYTES} bytes as JSON`,
        })
        .default({})
        .describe(`Any JSON object up to ${MAX_WEBHOOK_METADATA_BYTES} bytes, echoed in every delivery.`),
    },
    { error: 'must be an object {url, events, metadata}' },
  )
  .optional()
  .describe(
    'Announces the job by POST to `url`: `{event, job, metadata, delivered_at}`, signed with `X-Crawl-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` ' +
      'keyed by `webhook_signing_secret` (GET /v1/account). Non-2xx answers and timeouts are retried with backoff for over an hour; `X-Crawl-Delivery` names the delivery for de-duplication.',
  );

const pdfPaperSchema = z
  .enum(PAPER_SIZES, { error: 'must be A4 or Letter' })
  .optional()
  .meta({ description: 'The paper size of the `pdf` document: `A4` (default) or `Letter`.' });

const sharedShape = {
  url: publicHttpsUrlSchema,
  respect_robots: flagSchema('Obey robots.txt. `false` needs an Enterprise plan (403 otherwise).'),
  check_tos: flagSchema("Check the site's terms of service for anti-scraping clauses first; the job fails with `tos_blocked` if it finds one."),
  only_main_content: flagSchema('Leave out navigation, headers, footers, sidebars and cookie banners; `false` exports the whole body.'),
  render: renderSchema,
  webhook: webhookSchema,
};

const commonShapeV1_1 = { ...sharedShape, export_formats: exportFormatsSchema('v1.1'), pdf_paper: pdfPaperSchema };

/**
 * The fields every mode accepts in `version`. `/v1` has no `pdf_paper`: its strict objects refuse
 * it, so its requests never carry one, which the optional field's type allows.
 */
export function commonShapeOf(version: ApiVersion): typeof commonShapeV1_1 {
  if (version === 'v1.1') return commonShapeV1_1;
  return { ...sharedShape, export_formats: exportFormatsSchema('v1') } as typeof commonShapeV1_1;
}

// The 1000 limit applies to the list as submitted, before de-duplication: the spec rejects "more than
// 1000 entries", and it bounds the work of validating entries. Entries are only checked once the list
// itself is acceptable.
const selectUrlsSchema = z
  .array(z.unknown(), requiredOr('must be an array of URLs'))
  .min(1, { error: 'must list at least one URL' })
  .max(MAX_SELECT_URLS, { error: `must list at most ${MAX_SELECT_URLS} URLs` })
  .pipe(z.array(publicHttpsUrlSchema))
  .meta({
    description: `The pages to crawl, on the same site as \`url\`; 1 to ${MAX_SELECT_URLS} entries, de-duplicated and crawled in this order.`,
    override: { items: { type: 'string', format: 'uri' } },
  });

const ignoredInSelect = z.unknown().optional().meta({ description: 'Accepted and ignored in select mode.' });

const PATH_GLOB_RULE =
  'Glob patterns matched against the URL path (query excluded), percent-decoded and case-sensitive: `*` any run of characters except `/`, ' +
  '`**` any run including `/`, `?` one character except `/`. The whole path must match: `/docs` matches only `/docs`; `/docs/*` matches ' +
  '`/docs/` and `/docs/intro` but not `/docs/a/b`; `/docs/**` matches `/docs/` and everything below it but not `/docs` itself; ' +
  '`/docs/**/*.html` matches `/docs/a/b.html` but not `/docs/b.html` (both slashes must be there; `/docs/**.html` matches both); `/blog?` matches `/blogs`. A discovered URL is queued when no exclude pattern matches it ' +
  'and, if include patterns are given, at least one include pattern does; the seed is always crawled, and filtered URLs use no budget.';

const pathPatternsSchema = (description: string) =>
  z
    .array(
      z.string({ error: 'must be a string holding a glob pattern' }).superRefine((pattern, ctx) => {
        const problem = pathPatternProblem(pattern);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      { error: 'must be an array of glob patterns' },
    )
    .max(MAX_PATH_PATTERNS, { error: `must list at most ${MAX_PATH_PATTERNS} patterns` })
    .optional()
    .describe(`${description} ${PATH_GLOB_RULE}`);

/** The fields only `full` accepts. */
export const fullOnlyShape = {
  max_depth: boundedIntSchema(1, 10, 3).meta({ description: 'Links followed at most this many steps from `url`.' }),
  max_pages: boundedIntSchema(1, 1000, 50).meta({ description: 'Pages crawled at most; also the quota reserved.' }),
  include_paths: pathPatternsSchema(`Only crawl discovered pages whose path matches one of these patterns (at most ${MAX_PATH_PATTERNS}).`),
  exclude_paths: pathPatternsSchema(`Never crawl discovered pages whose path matches one of these patterns (at most ${MAX_PATH_PATTERNS}).`),
};

/** The job request as `version` takes it: `mode` picks the schema of its fields. */
function jobRequestSchemaOf(version: ApiVersion) {
  const common = commonShapeOf(version);
  const singleSchema = z
    .strictObject({ mode: z.literal('single'), ...common })
    .meta({ title: 'Single page', description: 'Crawls `url` alone.' })
    // one page, no link discovery: the tuning fields the record carries take their only sensible values
    .transform((request) => ({ ...request, max_depth: 0, max_pages: 1, concurrency: 1 }));

  const selectSchema = z
    .strictObject({
      mode: z.literal('select'),
      ...common,
      urls: selectUrlsSchema,
      concurrency: concurrencySchema,
      // spec 4.2: accepted in select mode and ignored, whatever their value
      max_pages: ignoredInSelect,
      max_depth: ignoredInSelect,
    })
    .meta({ title: 'Chosen pages', description: 'Crawls the listed `urls` (e.g. from the sitemap preview).' })
    .superRefine(
      (request, ctx) => {
        const anchor = new URL(request.url);
        request.urls.forEach((entry, index) => {
          // entries that failed their own rule arrive here unparsed and are already reported
          if (typeof entry !== 'string') return;
          const check = checkPublicHttpsUrl(entry);
          if (check.ok && !isSameSite(check.url, anchor)) {
            ctx.addIssue({
              code: 'custom',
              path: ['urls', index],
              message: `"${entry}" is not on the same site as url (${anchor.hostname})`,
            });
          }
        });
      },
      // needs a valid anchor and a list within bounds; bad entries do not stop the others being checked
      { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'url' || (issue.path?.[0] === 'urls' && issue.path.length === 1)) },
    )
    .transform(({ max_pages: _ignoredMaxPages, max_depth: _ignoredMaxDepth, urls, ...request }) => {
      const kept = dedupeUrls(urls);
      return { ...request, urls: kept, max_pages: kept.length, max_depth: 1 };
    });

  const fullSchema = z.strictObject({
    mode: z.literal('full'),
    ...common,
    ...fullOnlyShape,
    concurrency: concurrencySchema,
  }).meta({ title: 'Whole site', description: 'Crawls the site breadth-first from `url`.' });

  return z.discriminatedUnion('mode', [singleSchema, selectSchema, fullSchema]);
}

const REQUEST_EXAMPLES = [
  { url: 'https://example.com/pricing', mode: 'single' },
  { url: 'https://example.com/', mode: 'select', urls: ['https://example.com/a', 'https://example.com/b'], export_formats: ['markdown', 'text'] },
  { url: 'https://example.com/', mode: 'full', max_depth: 2, max_pages: 100, concurrency: 10 },
];

/** The `POST /v1/jobs` and `POST /v1.1/jobs` bodies, normalized for the job record; `url` is kept as submitted. */
export const JOB_REQUEST_SCHEMAS = {
  // examples through `override`: zod leaves out examples of a schema that transforms, taking them for outputs
  v1: jobRequestSchemaOf('v1').meta({ id: 'CreateJobRequest', override: { examples: REQUEST_EXAMPLES } }),
  'v1.1': jobRequestSchemaOf('v1.1').meta({
    id: 'CreateJobRequestV1_1',
    override: { examples: [...REQUEST_EXAMPLES, { url: 'https://example.com/docs/', mode: 'full', max_pages: 200, export_formats: ['pdf', 'markdown'], pdf_paper: 'Letter' }] },
  }),
} satisfies Record<ApiVersion, unknown>;

export type CreateJobRequest = z.infer<(typeof JOB_REQUEST_SCHEMAS)['v1.1']>;
export type JobMode = CreateJobRequest['mode'];

export const modeSchema = z.enum(['single', 'select', 'full'], requiredOr('must be single, select or full'));

/** Spec 8: the pages the quota pre-flight reserves. */
export function quotaCost(request: CreateJobRequest): number {
  switch (request.mode) {
    case 'single':
      return 1;
    case 'select':
      return request.urls.length;
    case 'full':
      return request.max_pages;
  }
}
