import { FILE_EXTENSIONS, JSONL_FORMAT, type DocumentFormat, type ResultFormat } from '../../lambdas/domain/formats.js';
import { crawledPhrase, progressMeasure } from '../../lambdas/domain/job-progress.js';
import { MAX_SELECT_URLS } from '../../lambdas/domain/limits.js';
import { ApiClient, ApiFailure, describeFailure, type Job, type PreviewResult, type Usage } from './api.js';
import { showMarkdown } from './render.js';

const KEY_STORAGE = 'web-crawl-console:api-key';
/** Enough to choose a full select job (1000 URLs) from a larger site, few enough for one list in the DOM. */
const PREVIEW_LIMIT = 5000;
const POLL_MS = 1000;
const RECENT_JOBS = 10;
/** Rendering many megabytes of markdown stalls the tab; longer documents show their beginning, downloads stay whole. */
const RENDER_LIMIT_CHARS = 2_000_000;
const TERMINAL: ReadonlySet<Job['status']> = new Set(['completed', 'failed', 'cancelled']);
/** What the download buttons call each result. */
const RESULT_NAMES: Record<ResultFormat, string> = { markdown: 'markdown', text: 'text', html: 'HTML', pdf: 'PDF', docx: 'Word', jsonl: 'JSON Lines (one record per page)' };
const STATUS_WORDS: Record<Job['status'], string> = { queued: 'Queued', running: 'Running', completed: 'Completed', failed: 'Failed', cancelled: 'Cancelled' };

function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the console page has no #${id}`);
  return found as T;
}

const ui = {
  key: byId<HTMLInputElement>('api-key'),
  keyError: byId('key-error'),
  previewForm: byId<HTMLFormElement>('preview-form'),
  siteUrl: byId<HTMLInputElement>('site-url'),
  previewButton: byId<HTMLButtonElement>('preview-button'),
  previewSummary: byId('preview-summary'),
  previewError: byId('preview-error'),
  pagesSection: byId('pages-section'),
  filter: byId<HTMLInputElement>('url-filter'),
  selectAll: byId<HTMLButtonElement>('select-all'),
  selectNone: byId<HTMLButtonElement>('select-none'),
  selectionCount: byId('selection-count'),
  urlList: byId<HTMLUListElement>('url-list'),
  crawlSection: byId('crawl-section'),
  crawlForm: byId<HTMLFormElement>('crawl-form'),
  formats: byId<HTMLFieldSetElement>('formats'),
  pdfPaper: byId<HTMLSelectElement>('pdf-paper'),
  concurrency: byId<HTMLInputElement>('concurrency'),
  render: byId<HTMLSelectElement>('render'),
  mainContent: byId<HTMLInputElement>('main-content'),
  cost: byId('cost'),
  startCrawl: byId<HTMLButtonElement>('start-crawl'),
  crawlError: byId('crawl-error'),
  jobSection: byId('job-section'),
  jobHeading: byId('job-heading'),
  jobStatus: byId('job-status'),
  progress: byId<HTMLProgressElement>('job-progress'),
  counts: { crawled: byId('count-crawled'), failed: byId('count-failed'), skipped: byId('count-skipped') },
  cancel: byId<HTMLButtonElement>('cancel-job'),
  jobError: byId('job-error'),
  resultSection: byId('result-section'),
  downloads: byId('downloads'),
  downloadError: byId('download-error'),
  resultNote: byId('result-note'),
  resultDocument: byId('result-document'),
  refreshJobs: byId<HTMLButtonElement>('refresh-jobs'),
  jobsNote: byId('jobs-note'),
  jobsList: byId<HTMLUListElement>('jobs-list'),
  jobsError: byId('jobs-error'),
};

const api = new ApiClient(() => ui.key.value.trim());

const state = {
  /** The site URL of the last preview: the anchor of the select job. */
  site: '',
  usage: undefined as Usage | undefined,
  jobId: undefined as string | undefined,
  /** Bumped whenever another job is opened, so an older poll loop stops. */
  generation: 0,
  /** The open job's results fetched so far: the preview's document is downloaded without a second fetch. */
  results: new Map<ResultFormat, Promise<Blob>>(),
  objectUrls: [] as string[],
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const plural = (count: number, word: string) => `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** A refused key is said once, at the key; everything else where it happened. */
function showError(target: HTMLElement, error: unknown): void {
  const refusedKey = error instanceof ApiFailure && error.status === 401;
  (refusedKey ? ui.keyError : target).textContent = describeFailure(error);
}

async function whileBusy(button: HTMLButtonElement, work: () => Promise<void>): Promise<void> {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await work();
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

// --- key -------------------------------------------------------------------------------------

ui.key.value = sessionStorage.getItem(KEY_STORAGE) ?? '';
ui.key.addEventListener('input', () => {
  ui.keyError.textContent = '';
  const key = ui.key.value.trim();
  if (key) sessionStorage.setItem(KEY_STORAGE, key);
  else sessionStorage.removeItem(KEY_STORAGE);
});
ui.key.addEventListener('change', () => void refreshJobs());

// --- preview and selection -------------------------------------------------------------------

/** People type `example.com`; the API takes https URLs only. */
function siteUrlFromInput(): string {
  const typed = ui.siteUrl.value.trim();
  if (typed && !/^[a-z][a-z0-9+.-]*:/i.test(typed)) ui.siteUrl.value = `https://${typed}`;
  return ui.siteUrl.value.trim();
}

function previewSummary(result: PreviewResult): string {
  const found =
    result.source === 'sitemap'
      ? `Found ${plural(result.count, 'page')} in the site's sitemaps.`
      : `No sitemap found: ${plural(result.count, 'page')} linked from the site URL.`;
  const assets = result.assets_filtered ? ` ${plural(result.assets_filtered, 'asset URL')} (images, PDFs, scripts…) left out.` : '';
  const capped = result.capped ? ` The list stops at the first ${PREVIEW_LIMIT.toLocaleString('en')} (capped).` : '';
  return `${found}${assets}${capped}`;
}

ui.previewForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(ui.previewButton, async () => {
    ui.previewError.textContent = '';
    ui.previewSummary.textContent = 'Looking for pages…';
    try {
      const url = siteUrlFromInput();
      const result = await api.preview(url, PREVIEW_LIMIT);
      state.site = url;
      ui.previewSummary.textContent = previewSummary(result);
      showUrls(result.urls);
      await refreshUsage();
    } catch (error) {
      ui.previewSummary.textContent = '';
      showError(ui.previewError, error);
    }
  });
});

function showUrls(urls: string[]): void {
  const items = urls.map((url) => {
    const item = document.createElement('li');
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = url;
    label.append(box, ` ${url}`);
    item.append(label);
    return item;
  });
  ui.urlList.replaceChildren(...items);
  ui.filter.value = '';
  ui.pagesSection.hidden = false;
  ui.crawlSection.hidden = false;
  updateSelection();
}

function checkboxes(): HTMLInputElement[] {
  return [...ui.urlList.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
}

function selectedUrls(): string[] {
  return checkboxes()
    .filter((box) => box.checked)
    .map((box) => box.value);
}

ui.filter.addEventListener('input', () => {
  const needle = ui.filter.value.trim().toLowerCase();
  for (const box of checkboxes()) {
    const item = box.closest('li');
    if (item) item.hidden = needle !== '' && !box.value.toLowerCase().includes(needle);
  }
  updateSelection();
});

function selectShown(checked: boolean): void {
  for (const box of checkboxes()) if (!box.closest('li')?.hidden) box.checked = checked;
  updateSelection();
}
ui.selectAll.addEventListener('click', () => selectShown(true));
ui.selectNone.addEventListener('click', () => selectShown(false));
ui.urlList.addEventListener('change', updateSelection);

function updateSelection(): void {
  const all = checkboxes();
  const selected = all.filter((box) => box.checked).length;
  const shown = all.filter((box) => !box.closest('li')?.hidden).length;
  ui.selectionCount.textContent = `${selected.toLocaleString('en')} of ${plural(all.length, 'page')} selected${shown < all.length ? `, ${shown.toLocaleString('en')} shown` : ''}.`;
  showCost(selected);
}

/** A select job costs one page of quota per URL (the list holds no duplicates). */
function showCost(selected: number): void {
  const noDocument = chosenFormats().length === 0;
  ui.startCrawl.disabled = selected === 0 || selected > MAX_SELECT_URLS || noDocument;
  if (selected === 0) {
    ui.cost.textContent = 'Choose the pages to crawl.';
    return;
  }
  if (noDocument) {
    ui.cost.textContent = 'Choose at least one document.';
    return;
  }
  if (selected > MAX_SELECT_URLS) {
    ui.cost.textContent = `A crawl takes at most ${MAX_SELECT_URLS.toLocaleString('en')} pages; ${selected.toLocaleString('en')} are selected.`;
    return;
  }
  const usage = state.usage;
  const allowance = usage ? ` ${usage.remaining.toLocaleString('en')} of ${plural(usage.allowance, 'page')} remain this month.` : '';
  const short = usage && selected > usage.remaining ? ' That is not enough: choose fewer pages.' : '';
  ui.cost.textContent = `This crawl costs ${plural(selected, 'page')} of your quota.${allowance}${short}`;
}

async function refreshUsage(): Promise<void> {
  try {
    state.usage = await api.usage();
  } catch {
    // The cost line then leaves out the allowance; the crawl itself reports a quota problem in words.
    state.usage = undefined;
  }
  updateSelection();
}

// --- crawl -----------------------------------------------------------------------------------

function chosenFormats(): DocumentFormat[] {
  return [...ui.formats.querySelectorAll<HTMLInputElement>('input[name=export-format]:checked')].map((box) => box.value as DocumentFormat);
}

ui.formats.addEventListener('change', () => {
  ui.pdfPaper.disabled = !chosenFormats().includes('pdf');
  updateSelection();
});

ui.crawlForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void whileBusy(ui.startCrawl, async () => {
    ui.crawlError.textContent = '';
    const body: Record<string, unknown> = {
      mode: 'select',
      url: state.site,
      urls: selectedUrls(),
      export_formats: chosenFormats(),
      concurrency: Number(ui.concurrency.value),
      only_main_content: ui.mainContent.checked,
    };
    if (chosenFormats().includes('pdf')) body.pdf_paper = ui.pdfPaper.value;
    // Sent only when changed, so the console also drives a service that predates the field.
    if (ui.render.value !== 'auto') body.render = ui.render.value;
    try {
      const created = await api.createJob(body);
      void refreshJobs();
      void openJob(created.id);
    } catch (error) {
      showError(ui.crawlError, error);
    }
  });
  // whileBusy re-enables the button; the selection decides whether it may be.
  updateSelection();
});

// --- job progress, cancel and result ---------------------------------------------------------

async function openJob(id: string): Promise<void> {
  const generation = ++state.generation;
  state.jobId = id;
  clearResult();
  ui.jobSection.hidden = false;
  ui.jobError.textContent = '';
  ui.jobStatus.textContent = `Job ${id}: loading…`;
  // Indeterminate until the job's counters arrive.
  ui.progress.removeAttribute('value');
  ui.progress.removeAttribute('aria-valuetext');
  for (const count of Object.values(ui.counts)) count.textContent = '0';
  ui.cancel.hidden = false;
  ui.cancel.disabled = false;
  for (;;) {
    let job: Job;
    try {
      job = await api.job(id);
    } catch (error) {
      if (generation !== state.generation) return;
      showError(ui.jobError, error);
      // A network blip is retried; an answer from the service is final.
      if (error instanceof ApiFailure) return;
      await sleep(POLL_MS);
      continue;
    }
    if (generation !== state.generation) return;
    ui.jobError.textContent = '';
    showJob(job);
    if (TERMINAL.has(job.status)) {
      await showResult(job, generation);
      void refreshJobs();
      void refreshUsage();
      return;
    }
    await sleep(POLL_MS);
    if (generation !== state.generation) return;
  }
}

function showJob(job: Job): void {
  const { pages_crawled: crawled, pages_failed: failed, pages_skipped: skipped } = job.progress;
  const { done, total } = progressMeasure(job);
  if (total === undefined) {
    // a running full crawl: how many pages it will have is not known yet, so the bar shows activity, not a share
    ui.progress.removeAttribute('value');
    ui.progress.setAttribute('aria-valuetext', `${plural(done, 'page')} done`);
  } else {
    ui.progress.max = Math.max(1, total);
    ui.progress.value = Math.min(done, total);
    ui.progress.setAttribute('aria-valuetext', `${done} of ${plural(total, 'page')}`);
  }
  ui.counts.crawled.textContent = String(crawled);
  ui.counts.failed.textContent = String(failed);
  ui.counts.skipped.textContent = String(skipped);
  const cancelling = job.cancel_requested && !TERMINAL.has(job.status) ? ' (cancelling)' : '';
  ui.jobStatus.textContent = `${STATUS_WORDS[job.status]}${cancelling}: ${crawledPhrase(job, 'page')}. Job ${job.id}, ${job.url}`;
  ui.cancel.hidden = TERMINAL.has(job.status);
  if (job.status === 'failed' && job.error) ui.jobError.textContent = `The job failed: ${job.error.message} (${job.error.code})`;
}

ui.cancel.addEventListener('click', () => {
  const id = state.jobId;
  if (!id) return;
  ui.cancel.disabled = true;
  ui.jobStatus.textContent = 'Cancelling…';
  api.cancel(id).catch((error: unknown) => {
    // Already over: the poll loop shows how it ended.
    if (error instanceof ApiFailure && error.code === 'job_finished') return;
    ui.cancel.disabled = false;
    showError(ui.jobError, error);
  });
});

function clearResult(): void {
  for (const url of state.objectUrls) URL.revokeObjectURL(url);
  state.objectUrls = [];
  state.results = new Map();
  ui.resultSection.hidden = true;
  ui.resultNote.textContent = '';
  ui.downloadError.textContent = '';
  ui.resultDocument.replaceChildren();
  ui.downloads.replaceChildren();
}

/** A result of the open job, fetched once; a failed fetch is forgotten so that trying again fetches again. */
function resultOf(jobId: string, format: ResultFormat): Promise<Blob> {
  const results = state.results;
  let result = results.get(format);
  if (!result) {
    result = api.result(jobId, format);
    results.set(format, result);
    result.catch(() => results.delete(format));
  }
  return result;
}

/**
 * Fetched on demand, not when the job ends: a PDF of a thousand crawled pages is worth fetching only for
 * whoever wants it. The bytes are saved from an object URL, as the download URL cannot be linked
 * to: the API hands it out only to a request with the key, and it expires.
 */
function downloadButton(job: Job, format: ResultFormat): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = `Download ${RESULT_NAMES[format]}${format === 'pdf' && job.pdf_paper ? ` (${job.pdf_paper})` : ''}`;
  button.addEventListener('click', () =>
    void whileBusy(button, async () => {
      ui.downloadError.textContent = '';
      try {
        const link = document.createElement('a');
        link.href = URL.createObjectURL(await resultOf(job.id, format));
        state.objectUrls.push(link.href);
        link.download = `crawl-${job.id}.${FILE_EXTENSIONS[format]}`;
        link.click();
      } catch (error) {
        showError(ui.downloadError, error);
      }
    }),
  );
  return button;
}

async function showResult(job: Job, generation: number): Promise<void> {
  if (job.status === 'failed') return;
  ui.resultSection.hidden = false;
  const results: ResultFormat[] = [...job.export_formats, JSONL_FORMAT];
  ui.downloads.replaceChildren(...results.map((format) => downloadButton(job, format)));
  // The page shows markdown, or text when the job has no markdown; the other documents are for download.
  const previewFormat = (['markdown', 'text'] as const).find((format) => job.export_formats.includes(format));
  if (!previewFormat) {
    ui.resultNote.textContent = 'This job has no markdown or text document to show here: download its documents.';
    return;
  }
  ui.resultNote.textContent = 'Loading the document…';
  try {
    const shown = await resultOf(job.id, previewFormat);
    const text = await shown.text();
    if (generation !== state.generation) return;
    const cut = text.length > RENDER_LIMIT_CHARS;
    const visible = cut ? text.slice(0, text.lastIndexOf('\n', RENDER_LIMIT_CHARS)) : text;
    if (previewFormat === 'markdown') {
      showMarkdown(ui.resultDocument, visible);
    } else {
      const pre = document.createElement('pre');
      pre.textContent = visible;
      ui.resultDocument.replaceChildren(pre);
    }
    ui.resultNote.textContent = cut
      ? `Showing the beginning of a ${megabytes(shown.size)} document; the downloads hold all of it.`
      : text.trim() === ''
        ? 'The document is empty: no page was crawled.'
        : '';
  } catch (error) {
    if (generation !== state.generation) return;
    showError(ui.resultNote, error);
  }
}

// --- recent jobs -----------------------------------------------------------------------------

function jobItem(job: Job): HTMLLIElement {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  const when = new Date(job.created_at).toLocaleString();
  button.textContent = `${STATUS_WORDS[job.status]} · ${job.mode}, ${crawledPhrase(job, 'page')} · ${job.url} · ${when}`;
  button.addEventListener('click', () => {
    void openJob(job.id);
    ui.jobHeading.focus();
  });
  item.append(button);
  return item;
}

async function refreshJobs(): Promise<void> {
  ui.jobsError.textContent = '';
  if (!ui.key.value.trim()) {
    ui.jobsNote.textContent = 'Type your API key to see your recent jobs.';
    ui.jobsList.replaceChildren();
    return;
  }
  try {
    const { jobs } = await api.jobs(RECENT_JOBS);
    ui.jobsNote.textContent = jobs.length ? '' : 'No jobs yet.';
    ui.jobsList.replaceChildren(...jobs.map(jobItem));
  } catch (error) {
    ui.jobsList.replaceChildren();
    ui.jobsNote.textContent = '';
    showError(ui.jobsError, error);
  }
}

ui.refreshJobs.addEventListener('click', () => void whileBusy(ui.refreshJobs, refreshJobs));
void refreshJobs();
