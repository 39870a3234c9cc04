import { describe, expect, it } from 'vitest';
import { headersForBrowser, judgeRequest, type BrowserRequest } from '../../../lambdas/render/request-policy.js';

const get = (resourceType: string, extra: Partial<BrowserRequest> = {}): BrowserRequest => ({ method: 'GET', resourceType, isTopNavigation: false, pageAnswered: true, ...extra });

describe('judgeRequest', () => {
  it('serves the page itself once, then refuses any navigation of the top frame', () => {
    expect(judgeRequest(get('document', { isTopNavigation: true, pageAnswered: false }))).toEqual({ action: 'page' });
    expect(judgeRequest(get('document', { isTopNavigation: true }))).toMatchObject({ action: 'refuse' });
  });

  it('fetches what scripts need through the fetcher', () => {
    for (const type of ['script', 'xhr', 'fetch']) expect(judgeRequest(get(type))).toEqual({ action: 'fetch' });
  });

  it.each(['document', 'image', 'media', 'font', 'stylesheet', 'texttrack', 'manifest', 'eventsource', 'websocket', 'ping', 'other'])('refuses %s requests', (type) => {
    expect(judgeRequest(get(type))).toMatchObject({ action: 'refuse' });
  });

  it('never sends anything but GET', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) expect(judgeRequest(get('fetch', { method }))).toMatchObject({ action: 'refuse', reason: `${method} is never sent` });
  });
});

describe('headersForBrowser', () => {
  it('drops the wire headers and cookies, keeps what describes the resource', () => {
    expect(
      headersForBrowser({ 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': '10', 'set-cookie': 'a=b', 'access-control-allow-origin': '*' }),
    ).toEqual({ 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  });
});
