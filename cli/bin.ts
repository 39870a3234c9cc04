/**
 * The process around the CLI: real streams, Ctrl-C, and a yes/no question on the terminal even
 * when stdin is a pipe (`preview … | crawl … --urls-file -`).
 */
import { openSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { ReadStream } from 'node:tty';
import { runCli } from './main.js';

function askOnTerminal(question: string): Promise<boolean> | undefined {
  if (!process.stderr.isTTY) return undefined;
  let input: ReadStream;
  try {
    input = new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    return undefined;
  }
  const prompt = createInterface({ input, output: process.stderr });
  return prompt
    .question(question)
    .then((answer) => /^y(es)?$/i.test(answer.trim()))
    .finally(() => {
      prompt.close();
      input.destroy();
    });
}

// `crawl … | head` closes the pipe early: that is the reader's choice, not an error
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  confirm: process.stderr.isTTY ? async (question) => (await askOnTerminal(question)) ?? true : undefined,
  onInterrupt: (handler) => {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
});
process.exitCode = code;
