// The command line as exs reads it: every command's arguments and options, and each refusal as exit 1.
import { DEFAULT_TIMEOUT_SECONDS, MAX_DAILY_PAGE_QUOTA, MAX_TIMEOUT_SECONDS, parseCommandLine } from '../src/args.js';
import { CliError, ExitCode } from '../src/exit-codes.js';

const command = (...argv: string[]) => parseCommandLine(argv).command;

function usageError(...argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(ExitCode.usage);
    return (err as CliError).message;
  }
  throw new Error(`accepted: exs ${argv.join(' ')}`);
}

test('extract takes a file and --schema', () => {
  expect(command('extract', 'invoice.pdf', '--schema', 'schema.json')).toEqual({ name: 'extract', file: 'invoice.pdf', schema: 'schema.json' });
});

test('a lone - is the file name of standard input', () => {
  expect(command('extract', '-', '-s', 's.json')).toEqual({ name: 'extract', file: '-', schema: 's.json' });
});

test('options may come before the command words, after them, or with =', () => {
  const expected = { command: { name: 'extract', file: 'a.pdf', schema: 's.json' }, global: { pretty: true, baseUrl: 'http://127.0.0.1:9' } };
  expect(parseCommandLine(['--pretty', '--base-url', 'http://127.0.0.1:9', 'extract', 'a.pdf', '--schema=s.json'])).toEqual(expected);
  expect(parseCommandLine(['extract', '--schema', 's.json', 'a.pdf', '--base-url=http://127.0.0.1:9', '--pretty'])).toEqual(expected);
});

test('jobs submit waits only with --wait, for --timeout seconds (600 by default)', () => {
  expect(command('jobs', 'submit', 'a.pdf', '--schema', 's.json')).toEqual({ name: 'jobs submit', file: 'a.pdf', schema: 's.json', wait: false, timeoutSeconds: DEFAULT_TIMEOUT_SECONDS });
  expect(command('jobs', 'submit', 'a.pdf', '--schema', 's.json', '--wait', '--timeout', '30')).toMatchObject({ wait: true, timeoutSeconds: 30 });
  expect(usageError('jobs', 'submit', 'a.pdf', '--schema', 's.json', '--timeout', '30')).toContain('only with --wait');
});

test('jobs get and jobs wait take a job id', () => {
  expect(command('jobs', 'get', 'job_1')).toEqual({ name: 'jobs get', id: 'job_1' });
  expect(command('jobs', 'wait', 'job_1')).toEqual({ name: 'jobs wait', id: 'job_1', timeoutSeconds: 600 });
});

test(`--timeout is a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}`, () => {
  expect(command('jobs', 'wait', 'job_1', '--timeout', '1')).toMatchObject({ timeoutSeconds: 1 });
  expect(command('jobs', 'wait', 'job_1', '--timeout', String(MAX_TIMEOUT_SECONDS))).toMatchObject({ timeoutSeconds: MAX_TIMEOUT_SECONDS });
  for (const bad of ['0', String(MAX_TIMEOUT_SECONDS + 1), '1.5', '-1', 'soon', '', '1e3']) {
    expect(usageError('jobs', 'wait', 'job_1', `--timeout=${bad}`)).toContain('--timeout must be an integer from 1 to 86400');
  }
});

test('keys create takes an optional name and daily page quota', () => {
  expect(command('keys', 'create')).toEqual({ name: 'keys create', keyName: undefined, dailyPageQuota: undefined });
  expect(command('keys', 'create', '--name', 'ci', '--daily-page-quota', '500')).toEqual({ name: 'keys create', keyName: 'ci', dailyPageQuota: 500 });
});

test(`--daily-page-quota is the API's range, 1 to ${MAX_DAILY_PAGE_QUOTA}`, () => {
  expect(command('keys', 'create', '--daily-page-quota', '1')).toMatchObject({ dailyPageQuota: 1 });
  expect(command('keys', 'create', '--daily-page-quota', String(MAX_DAILY_PAGE_QUOTA))).toMatchObject({ dailyPageQuota: MAX_DAILY_PAGE_QUOTA });
  expect(usageError('keys', 'create', '--daily-page-quota', '0')).toContain('--daily-page-quota must be an integer from 1 to 10000000');
  expect(usageError('keys', 'create', '--daily-page-quota', String(MAX_DAILY_PAGE_QUOTA + 1))).toContain('from 1 to 10000000');
});

test('keys list and revoke, wallet, health and login', () => {
  expect(command('keys', 'list')).toEqual({ name: 'keys list' });
  expect(command('keys', 'revoke', 'key_1')).toEqual({ name: 'keys revoke', id: 'key_1' });
  expect(command('wallet')).toEqual({ name: 'wallet' });
  expect(command('health')).toEqual({ name: 'health' });
  expect(command('login')).toEqual({ name: 'login' });
});

test('webhooks create takes a URL, and --events as a comma list or repeated', () => {
  expect(command('webhooks', 'create', 'https://example.com/h')).toEqual({ name: 'webhooks create', url: 'https://example.com/h', events: [], description: undefined });
  const both = ['job.succeeded', 'job.failed'];
  expect(command('webhooks', 'create', 'https://example.com/h', '--events', 'job.succeeded,job.failed')).toMatchObject({ events: both });
  expect(command('webhooks', 'create', 'https://example.com/h', '--events', 'job.succeeded', '--events', ' job.failed ')).toMatchObject({ events: both });
  expect(command('webhooks', 'create', 'https://example.com/h', '--description', 'prod')).toMatchObject({ description: 'prod' });
  expect(command('webhooks', 'list')).toEqual({ name: 'webhooks list' });
  expect(command('webhooks', 'delete', 'we_1')).toEqual({ name: 'webhooks delete', id: 'we_1' });
});

test('--help, -h and help anywhere ask for the help; --version for the version', () => {
  for (const argv of [['--help'], ['-h'], ['help'], ['extract', '--help'], ['keys', 'create', '-h']]) expect(parseCommandLine(argv).command).toEqual({ name: 'help' });
  expect(command('--version')).toEqual({ name: 'version' });
});

test('a missing command, an unknown one and a group without its subcommand are usage errors', () => {
  expect(usageError()).toBe('no command given (see exs --help)');
  expect(usageError('extrct', 'a.pdf')).toBe("unknown command 'exs extrct' (see exs --help)");
  expect(usageError('keys', 'rotate')).toBe("unknown command 'exs keys rotate' (see exs --help)");
  expect(usageError('jobs')).toBe('exs jobs needs a subcommand (see exs --help)');
});

test('a missing or extra argument is a usage error naming what the command takes', () => {
  expect(usageError('extract', '--schema', 's.json')).toBe('exs extract needs <file> (see exs --help)');
  expect(usageError('extract', 'a.pdf')).toBe('exs extract needs --schema <schema.json> (see exs --help)');
  expect(usageError('jobs', 'get')).toBe('exs jobs get needs <id> (see exs --help)');
  expect(usageError('jobs', 'get', 'job_1', 'job_2')).toBe('unexpected argument after exs jobs get <id> (see exs --help)');
  expect(usageError('extract', '', '--schema', 's.json')).toContain('the file name is empty');
});

test('an unknown option, an option of another command and a missing option value are usage errors', () => {
  expect(usageError('wallet', '--verbose')).toBe("unknown option '--verbose' (see exs --help)");
  expect(usageError('extract', 'a.pdf', '--schema', 's.json', '--wait')).toBe('--wait does not apply to exs extract (see exs --help)');
  expect(usageError('keys', 'list', '--name', 'x')).toBe('--name does not apply to exs keys list (see exs --help)');
  expect(usageError('extract', 'a.pdf', '--schema')).toContain("Option '-s, --schema <value>' argument missing");
});
