import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ENV } from '../lambdas/data/env.js';
import type { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';
import { PRINT_FONTS_IN_BUNDLE, WITH_BROWSER } from './render-worker.js';
import type { WorkQueue } from './work-queues.js';
import { DOCUMENT_WORKER_TIMEOUT, type WorkflowProps } from './workflow.js';

/**
 * The document worker's memory: a 1000-page job of 20 KB pages peaks at 2.3 GB for Word and 1.6 GB
 * for PDF, and printing pages as large as a page may be (5 MiB of HTML each, cut across parts of
 * about 2 MiB) at 2.0 GB (`npm run bench -- document-formats`, docs/benchmarks.md).
 */
export const DOCUMENT_WORKER_MEMORY_MB = 4096;

/** The crawl workflow's six Lambda steps, made in the stack's scope (their logical ids are the deployed ones). */
export function workflowSteps(scope: Construct, bind: Bindings, pages: WorkQueue): WorkflowProps {
  const preflight = new CrawlFunction(scope, 'PreflightFunction', {
    handler: 'crawl-preflight',
    description: 'Crawl step: robots.txt and terms-of-service check',
    timeout: Duration.minutes(2),
  });
  bind.table(preflight, 'jobs', 'RW');
  bind.table(preflight, 'blockedSites', 'RO');
  bind.bucket(preflight, 'RW');
  bind.webhookQueue(preflight);
  bind.fetchesPages(preflight);

  const planLevel = new CrawlFunction(scope, 'PlanLevelFunction', {
    handler: 'crawl-plan-level',
    description: 'Crawl step: plan the next BFS level and release its first pages',
    timeout: Duration.minutes(5),
    memorySize: 1024,
  });
  bind.table(planLevel, 'jobs', 'RW');
  bind.table(planLevel, 'pages', 'RW');
  bind.takesHostSlots(planLevel);
  bind.bucket(planLevel, 'RO');
  bind.pageQueue(planLevel);

  const checkLevel = new CrawlFunction(scope, 'CheckLevelFunction', {
    handler: 'crawl-check-level',
    description: 'Crawl step: is the current level done; releases a stalled level again',
    timeout: Duration.minutes(1),
  });
  bind.table(checkLevel, 'jobs', 'RW');
  bind.table(checkLevel, 'pages', 'RW');
  bind.pageQueue(checkLevel);
  // CheckLevel tells a stalled level from a slow one by the queue's redelivery delay.
  checkLevel.addEnvironment(ENV.pageVisibilitySeconds, String(pages.visibilityTimeout.toSeconds()));

  const assemble = new CrawlFunction(scope, 'AssembleFunction', {
    handler: 'crawl-assemble',
    description: 'Crawl step: stream page exports into the result documents',
    timeout: Duration.minutes(10),
    memorySize: 1024,
  });
  bind.table(assemble, 'jobs', 'RW');
  bind.table(assemble, 'pages', 'RW');
  bind.bucket(assemble, 'RW');

  // Only jobs with a PDF or Word document reach it (/v1.1).
  const documents = new CrawlFunction(scope, 'DocumentsFunction', {
    handler: 'crawl-documents',
    description: 'Crawl step: the PDF (printed by the render worker\'s browser build) and Word documents',
    timeout: DOCUMENT_WORKER_TIMEOUT,
    memorySize: DOCUMENT_WORKER_MEMORY_MB,
    ...WITH_BROWSER,
    copiedIntoBundle: [...WITH_BROWSER.copiedIntoBundle, ...PRINT_FONTS_IN_BUNDLE],
  });
  bind.table(documents, 'jobs', 'RW');
  bind.table(documents, 'pages', 'RW');
  bind.bucket(documents, 'RW');

  const finalize = new CrawlFunction(scope, 'FinalizeFunction', { handler: 'crawl-finalize', description: 'Crawl step: terminal state and quota settlement' });
  bind.table(finalize, 'jobs', 'RW');
  bind.table(finalize, 'pages', 'RW');
  bind.table(finalize, 'usage', 'RW');
  bind.webhookQueue(finalize);

  return { preflight, planLevel, checkLevel, assemble, documents, finalize };
}
