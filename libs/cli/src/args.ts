/**
 * The command line, read with node:util parseArgs: one strict parse over every option any command takes
 * (so options may come before or after the command words), then the command's own checks: its arguments,
 * which options apply to it, and the values' ranges.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { CliError, ExitCode } from './exit-codes.js';

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  pretty: { type: 'boolean' },
  'base-url': { type: 'string' },
  schema: { type: 'string', short: 's' },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  name: { type: 'string' },
  'daily-page-quota': { type: 'string' },
  events: { type: 'string', multiple: true },
  description: { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;

type OptionName = keyof typeof OPTIONS;

/** Options every command takes. */
const GLOBAL: readonly OptionName[] = ['help', 'pretty', 'base-url'];

/** Each command: its words, its positional arguments and the options it takes beyond the global ones. */
const COMMANDS = {
  extract: { args: ['file'], options: ['schema'] },
  'jobs submit': { args: ['file'], options: ['schema', 'wait', 'timeout'] },
  'jobs get': { args: ['id'], options: [] },
  'jobs wait': { args: ['id'], options: ['timeout'] },
  'keys list': { args: [], options: [] },
  'keys create': { args: [], options: ['name', 'daily-page-quota'] },
  'keys revoke': { args: ['id'], options: [] },
  'webhooks list': { args: [], options: [] },
  'webhooks create': { args: ['url'], options: ['events', 'description'] },
  'webhooks delete': { args: ['id'], options: [] },
  wallet: { args: [], options: [] },
  health: { args: [], options: [] },
  login: { args: [], options: [] },
} as const satisfies Record<string, { args: readonly string[]; options: readonly OptionName[] }>;

export type CommandName = keyof typeof COMMANDS;

const GROUPS = new Set(['jobs', 'keys', 'webhooks']);

/** `exs jobs wait` gives up after this many seconds by default, and accepts at most MAX. */
export const DEFAULT_TIMEOUT_SECONDS = 600;
export const MAX_TIMEOUT_SECONDS = 86_400;
/** The API's range for a key's `daily_page_limit`. */
export const MAX_DAILY_PAGE_QUOTA = 10_000_000;

export interface GlobalOptions {
  pretty: boolean;
  baseUrl: string | undefined;
}

export type Command =
  | { name: 'help' }
  | { name: 'version' }
  | { name: 'extract'; file: string; schema: string }
  | { name: 'jobs submit'; file: string; schema: string; wait: boolean; timeoutSeconds: number }
  | { name: 'jobs get'; id: string }
  | { name: 'jobs wait'; id: string; timeoutSeconds: number }
  | { name: 'keys list' }
  | { name: 'keys create'; keyName: string | undefined; dailyPageQuota: number | undefined }
  | { name: 'keys revoke'; id: string }
  | { name: 'webhooks list' }
  | { name: 'webhooks create'; url: string; events: string[]; description: string | undefined }
  | { name: 'webhooks delete'; id: string }
  | { name: 'wallet' }
  | { name: 'health' }
  | { name: 'login' };

export interface Invocation {
  command: Command;
  global: GlobalOptions;
}

const usage = (message: string) => new CliError(ExitCode.usage, `${message} (see exs --help)`);

/** An integer in [min, max] written in decimal digits, or a usage error naming the option and its range. */
function integerOption(option: string, text: string, min: number, max: number): number {
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw usage(`--${option} must be an integer from ${min} to ${max}`);
  return value;
}

export function parseCommandLine(argv: readonly string[]): Invocation {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    const { code, message } = err as { code?: string; message?: string };
    const option = /'([^']*)'/.exec(message ?? '')?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) throw usage(`unknown option '${option}'`);
    // The rest of parseArgs' messages name the option and what is wrong with its value.
    throw usage((message ?? 'cannot read the command line').split('. ')[0]!);
  }
  const { values, positionals, tokens } = parsed;
  const global: GlobalOptions = { pretty: values.pretty === true, baseUrl: values['base-url'] };

  if (values.help || positionals[0] === 'help') return { command: { name: 'help' }, global };
  if (values.version) return { command: { name: 'version' }, global };
  if (positionals.length === 0) throw usage('no command given');

  const words = GROUPS.has(positionals[0]!) ? 2 : 1;
  const name = positionals.slice(0, words).join(' ');
  if (!Object.hasOwn(COMMANDS, name)) {
    throw usage(words === 2 && positionals[1] === undefined ? `exs ${name} needs a subcommand` : `unknown command 'exs ${name}'`);
  }
  const spec = COMMANDS[name as CommandName];

  const given = new Set(tokens.flatMap((t) => (t.kind === 'option' ? [t.name as OptionName] : [])));
  for (const option of given) {
    if (!GLOBAL.includes(option) && !(spec.options as readonly OptionName[]).includes(option)) throw usage(`--${option} does not apply to exs ${name}`);
  }

  const args = positionals.slice(words);
  if (args.length < spec.args.length) throw usage(`exs ${name} needs ${spec.args.slice(args.length).map((a) => `<${a}>`).join(' ')}`);
  if (args.length > spec.args.length) throw usage(`unexpected argument after exs ${name}${spec.args.map((a) => ` <${a}>`).join('')}`);
  const [arg = ''] = args;

  const timeoutSeconds = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : integerOption('timeout', values.timeout, 1, MAX_TIMEOUT_SECONDS);
  const schema = () => {
    if (values.schema === undefined) throw usage(`exs ${name} needs --schema <schema.json>`);
    return values.schema;
  };

  const command = ((): Command => {
    switch (name as CommandName) {
      case 'extract':
        return { name: 'extract', file: arg, schema: schema() };
      case 'jobs submit':
        if (values.timeout !== undefined && !values.wait) throw usage('--timeout applies to exs jobs submit only with --wait');
        return { name: 'jobs submit', file: arg, schema: schema(), wait: values.wait === true, timeoutSeconds };
      case 'jobs wait':
        return { name: 'jobs wait', id: arg, timeoutSeconds };
      case 'keys create':
        return {
          name: 'keys create',
          keyName: values.name,
          dailyPageQuota: values['daily-page-quota'] === undefined ? undefined : integerOption('daily-page-quota', values['daily-page-quota'], 1, MAX_DAILY_PAGE_QUOTA),
        };
      case 'webhooks create':
        return {
          name: 'webhooks create',
          url: arg,
          // --events job.succeeded,job.failed and --events a --events b mean the same.
          events: (values.events ?? []).flatMap((e) => e.split(',')).map((e) => e.trim()).filter(Boolean),
          description: values.description,
        };
      case 'jobs get':
      case 'keys revoke':
      case 'webhooks delete':
        return { name, id: arg } as Command;
      default:
        return { name } as Command;
    }
  })();
  if ('file' in command && command.file === '') throw usage('the file name is empty (use - for standard input)');
  return { command, global };
}
