/**
 * One run of `exs`: read the command line, run the command, print its output on stdout and any error
 * on stderr, and answer the exit code of the error's class.
 */
import { ExsError, InsufficientBalanceError, RateLimitError } from '@exs/sdk';
import { parseCommandLine } from './args.js';
import { login, runApiCommand, type Io } from './commands.js';
import { CliError, ExitCode, exitCodeOf } from './exit-codes.js';
import { HELP } from './help.js';
import { formatOutput } from './output.js';

export const VERSION = '0.1.0';

/** One line for stderr: the API's static message, its code and request id (to quote when reporting). */
export function errorMessage(error: unknown): string {
  if (error instanceof CliError) return `exs: ${error.message}`;
  if (error instanceof ExsError) {
    const facts = [error.code, error.request_id && `request ${error.request_id}`].filter(Boolean).join(', ');
    let line = `exs: ${error.message}${error.detail ? `: ${error.detail}` : ''} (${facts})`;
    if (error instanceof InsufficientBalanceError && error.top_up_url) line += `; add funds at ${error.top_up_url}`;
    if (error instanceof RateLimitError && error.retry_after !== undefined) line += `; retry after ${error.retry_after} s`;
    return line;
  }
  return `exs: unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    const { command, global } = parseCommandLine(argv);
    if (command.name === 'help') {
      io.stdout.write(HELP);
      return ExitCode.ok;
    }
    if (command.name === 'version') {
      io.stdout.write(`${VERSION}\n`);
      return ExitCode.ok;
    }
    const outcome = command.name === 'login' ? await login(global.baseUrl, io) : await runApiCommand(command, global.baseUrl, io);
    io.stdout.write(formatOutput(outcome.kind, outcome.value, global.pretty));
    return outcome.exitCode;
  } catch (error) {
    io.stderr.write(`${errorMessage(error)}\n`);
    return exitCodeOf(error);
  }
}
