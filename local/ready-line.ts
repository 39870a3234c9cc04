/**
 * The line `npm start` prints once the service answers, which scripts and tests wait for. Its time
 * counts from the process's start, as a user waits: loading the modules is most of it.
 */
export const READY_LINE = /ready in [\d.]+ s: (http:\/\/\S+)/;

export function readyLine(url: string, runtimeStartupMs: number): string {
  const sinceProcessStart = performance.now() / 1000;
  const runtimeStart = runtimeStartupMs / 1000;
  return `ready in ${sinceProcessStart.toFixed(1)} s: ${url} (GET ${url}/health; ${(sinceProcessStart - runtimeStart).toFixed(1)} s loading modules, ${runtimeStart.toFixed(1)} s starting the emulators and functions)`;
}
