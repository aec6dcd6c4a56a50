#!/usr/bin/env node
import { homedir } from 'node:os';
import { main } from './main.js';

// A reader that went away (`exs keys list | head -1`) is not an error of ours.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  homedir: homedir(),
});
