export { main, errorMessage, VERSION } from './main.js';
export { parseCommandLine, type Command, type Invocation } from './args.js';
export { ExitCode, CliError, exitCodeOf, exitCodeForStatus, exitCodeForErrorCode } from './exit-codes.js';
export type { Io } from './commands.js';
