import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { delayResponse, parseAwsLatency } from '../../../local/latency.js';

describe('CRAWL_LOCAL_AWS_LATENCY', () => {
  it('reads milliseconds per service and leaves the others at none', () => {
    expect(parseAwsLatency('dynamodb:6, s3:25,sqs:15,lambda:20')).toEqual({ dynamodb: 6, s3: 25, sqs: 15, lambda: 20 });
    expect(parseAwsLatency(undefined)).toEqual({});
    expect(parseAwsLatency('')).toEqual({});
  });

  it('names the entry it cannot read', () => {
    expect(() => parseAwsLatency('dynamodb:6,ec2:5')).toThrow(/"ec2:5"/);
    expect(() => parseAwsLatency('s3=25')).toThrow(/"s3=25"/);
    expect(() => parseAwsLatency('sqs:-1')).toThrow(/"sqs:-1"/);
  });
});

describe('a delayed emulator response', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('completes only after the modelled latency, with its body intact', async () => {
    let answeredAt = 0;
    server = createServer((request, response) => {
      delayResponse(response, 150);
      answeredAt = performance.now();
      response.end('payload');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const body = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    // Order, not speed: the reply cannot arrive before the timer that releases it has run.
    expect(body).toBe('payload');
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(140);
  });
});
