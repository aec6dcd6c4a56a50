import { EXIT_CODE_HELP } from './exit-codes.js';

export const HELP = `exs: the document extraction service from the command line

Usage:
  exs extract <file|-> --schema <schema.json>       extract now (up to 20 pages); - reads stdin
  exs jobs submit <file|-> --schema <schema.json> [--wait [--timeout <s>]]
                                                    submit a job (up to 200 pages); --wait waits for it
  exs jobs get <id>                                 a job, with its result once succeeded
  exs jobs wait <id> [--timeout <s>]                wait until the job ends (default 600 s)
  exs keys list                                     the account's API keys
  exs keys create [--name <n>] [--daily-page-quota <N>]
                                                    a new key; its secret is shown only here
  exs keys revoke <id>                              revoke a key
  exs webhooks list                                 webhook endpoints
  exs webhooks create <url> [--events job.succeeded,job.failed] [--description <text>]
                                                    a new endpoint; its signing secret is shown only here
  exs webhooks delete <id>                          delete an endpoint
  exs wallet                                        balance, held funds, plan and price per page
  exs health                                        is the API up (no key needed)
  exs login [--base-url <url>]                      check the key from EXS_API_KEY or stdin and save it

Options:
  --pretty          a table for people instead of JSON
  --base-url <url>  the API (default: EXS_BASE_URL, the config file, then http://127.0.0.1:8080)
  -h, --help        this help
  --version         the CLI's version

Output: the API's JSON on stdout; messages and progress (on a terminal only) on stderr. A failed job
is printed like any other and exits with its error's class.

API key: EXS_API_KEY, else the config file exs login writes: $XDG_CONFIG_HOME/exs/config.json or
~/.config/exs/config.json (mode 0600; a file other users can read is refused).

${EXIT_CODE_HELP}
`;
