import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** Services the cloud latency model can slow down, as `CRAWL_LOCAL_AWS_LATENCY` names them. */
const MODELLED_SERVICES = ['dynamodb', 's3', 'sqs', 'sfn', 'lambda'] as const;
export type ModelledService = (typeof MODELLED_SERVICES)[number];
/** Milliseconds added to each call of a service; a service left out adds none. */
export type AwsLatency = Partial<Record<ModelledService, number>>;

/** `dynamodb:6,s3:25,sqs:15,lambda:20` → milliseconds per service; anything else is an error that names the entry. */
export function parseAwsLatency(text: string | undefined): AwsLatency {
  const latency: AwsLatency = {};
  for (const entry of (text ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z0-9]+):(\d{1,5})$/.exec(entry);
    const service = match?.[1] as ModelledService | undefined;
    if (!match || !service || !MODELLED_SERVICES.includes(service)) {
      throw new Error(`CRAWL_LOCAL_AWS_LATENCY: "${entry}" is not <service>:<milliseconds> with a service among ${MODELLED_SERVICES.join(', ')}`);
    }
    latency[service] = Number(match[2]);
  }
  return latency;
}

/**
 * Holds an emulator's response back by `ms` before it completes, so each call costs what a round
 * trip to the cloud service would. Installed when the request arrives, before the emulator answers.
 */
export function delayResponse(response: ServerResponse, ms: number | undefined): void {
  if (!ms) return;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.end = ((...args: unknown[]) => {
    setTimeout(() => end(...args), ms);
    return response;
  }) as ServerResponse['end'];
}

/** A pause of the modelled latency: before a function runs (invoke overhead) or a Task state starts. */
export async function addLatency(ms: number | undefined): Promise<void> {
  if (ms) await sleep(ms);
}
