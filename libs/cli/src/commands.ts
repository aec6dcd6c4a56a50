/** What each command asks the API, through the SDK, and how its answer is printed. */
import { Exs, ExsTimeoutError, type FinishedJob, type Job, type WebhookEventType } from '@exs/sdk';
import type { Command } from './args.js';
import { checkBaseUrl, configPath, readConfig, resolveSettings, writeConfig } from './config.js';
import { CliError, ExitCode, exitCodeForErrorCode } from './exit-codes.js';
import { documentInput, openDocument, readBounded, readSchema, type Document } from './inputs.js';
import type { OutputKind } from './output.js';
import { Progress, uploadText } from './progress.js';

export interface Io {
  stdin: AsyncIterable<Uint8Array | string> & { isTTY?: boolean };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
}

export interface Outcome {
  kind: OutputKind;
  value: unknown;
  exitCode: ExitCode;
}

type ApiCommand = Exclude<Command, { name: 'help' | 'version' | 'login' }>;

const ok = (kind: OutputKind, value: unknown): Outcome => ({ kind, value, exitCode: ExitCode.ok });

/** A job prints as it is; a failed one exits with its error's class. */
const jobOutcome = (job: Job | FinishedJob): Outcome => ({
  kind: 'job',
  value: job,
  exitCode: job.state === 'failed' ? exitCodeForErrorCode(job.error.code) : ExitCode.ok,
});

async function client(io: Io, baseUrl: string | undefined, needsKey: boolean): Promise<Exs> {
  const settings = await resolveSettings({ baseUrl }, io.env, configPath(io.env, io.homedir));
  if (needsKey && !settings.apiKey) throw new CliError(ExitCode.auth, 'no API key: set EXS_API_KEY or run exs login');
  return new Exs({ apiKey: settings.apiKey, baseUrl: settings.baseUrl });
}

async function send(exs: Exs, document: Document, progress: Progress) {
  try {
    return await documentInput(exs, document, ({ loaded, total }) => progress.show(uploadText(document.name, loaded, total)));
  } finally {
    progress.clear();
  }
}

async function whileTicking<T>(progress: Progress, label: string, work: () => Promise<T>): Promise<T> {
  const stop = progress.tick(label);
  try {
    return await work();
  } finally {
    stop();
  }
}

export async function runApiCommand(command: ApiCommand, baseUrl: string | undefined, io: Io): Promise<Outcome> {
  const exs = await client(io, baseUrl, command.name !== 'health');
  const progress = new Progress(io.stderr);
  const wait = async (id: string, timeoutSeconds: number) => {
    try {
      return await whileTicking(progress, `waiting for job ${id}:`, () => exs.waitForJob(id, { timeoutMs: timeoutSeconds * 1000 }));
    } catch (err) {
      // The job goes on running: say which one, so the caller can wait again.
      if (err instanceof ExsTimeoutError) throw new CliError(ExitCode.timeout, `job ${id} did not end within ${timeoutSeconds} s; exs jobs wait ${id} waits again`);
      throw err;
    }
  };

  switch (command.name) {
    case 'extract': {
      const schema = await readSchema(command.schema);
      const document = await openDocument(command.file, io.stdin);
      const input = await send(exs, document, progress);
      return ok('extraction', await whileTicking(progress, `extracting ${document.name}:`, () => exs.extract({ schema, document: input })));
    }
    case 'jobs submit': {
      const schema = await readSchema(command.schema);
      const document = await openDocument(command.file, io.stdin);
      const job = await exs.jobs.create({ schema, document: await send(exs, document, progress) });
      if (!command.wait) return jobOutcome(job);
      return jobOutcome(await wait(job.id, command.timeoutSeconds));
    }
    case 'jobs get':
      return jobOutcome(await exs.jobs.get(command.id));
    case 'jobs wait':
      return jobOutcome(await wait(command.id, command.timeoutSeconds));
    case 'keys list':
      return ok('keys', { object: 'list', data: await exs.keys.list().toArray() });
    case 'keys create':
      return ok('record', await exs.keys.create({ ...(command.keyName !== undefined && { name: command.keyName }), ...(command.dailyPageQuota !== undefined && { daily_page_limit: command.dailyPageQuota }) }));
    case 'keys revoke':
      return ok('record', await exs.keys.revoke(command.id));
    case 'webhooks list':
      return ok('webhooks', { object: 'list', data: await exs.webhookEndpoints.list().toArray() });
    case 'webhooks create':
      return ok(
        'record',
        await exs.webhookEndpoints.create({
          url: command.url,
          ...(command.events.length > 0 && { event_types: command.events as WebhookEventType[] }),
          ...(command.description !== undefined && { description: command.description }),
        }),
      );
    case 'webhooks delete':
      return ok('record', await exs.webhookEndpoints.delete(command.id));
    case 'wallet':
      return ok('record', await exs.wallet.get());
    case 'health':
      return ok('record', await exs.health());
  }
}

/** The first line of stdin (an API key is one line; more than 4 KiB is not a key). */
async function keyFromStdin(io: Io): Promise<string> {
  if (io.stdin.isTTY) io.stderr.write('API key: ');
  const text = Buffer.from(await readFirstLine(io.stdin)).toString('utf8');
  return text.trim();
}

async function readFirstLine(stdin: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  // A terminal sends a line at a time; stop at the first newline rather than waiting for end of input.
  async function* untilNewline() {
    for await (const chunk of stdin) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
      const end = buffer.indexOf(0x0a);
      if (end >= 0) {
        yield buffer.subarray(0, end);
        return;
      }
      yield buffer;
    }
  }
  try {
    return await readBounded(untilNewline(), 4096, 'the API key');
  } catch {
    throw new CliError(ExitCode.usage, 'standard input does not hold an API key on its first line');
  }
}

/** Checks the key against the API (GET /v1/wallet), then saves it (and --base-url) in the config file. */
export async function login(baseUrl: string | undefined, io: Io): Promise<Outcome> {
  const path = configPath(io.env, io.homedir);
  const apiKey = io.env.EXS_API_KEY || (await keyFromStdin(io));
  if (!apiKey) throw new CliError(ExitCode.usage, 'no API key: set EXS_API_KEY or write the key on standard input');
  const url = baseUrl ?? (io.env.EXS_BASE_URL || undefined);
  // Keep the old file's base URL when no other is given (a broken or open file is simply replaced).
  const previous = url === undefined ? await readConfig(path).catch(() => undefined) : undefined;
  const base = url ?? previous?.base_url;
  if (base !== undefined) checkBaseUrl(base);
  const wallet = await new Exs({ apiKey, baseUrl: base }).wallet.get();
  await writeConfig(path, { api_key: apiKey, ...(base !== undefined && { base_url: base }) });
  io.stderr.write(`saved the key to ${path}\n`);
  return ok('record', { object: 'login', config_path: path, base_url: base ?? null, plan: wallet.plan });
}
