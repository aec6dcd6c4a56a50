import type { ChildProcess } from 'node:child_process';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Sends `signal` to the process and waits for it to exit; escalates to SIGKILL after `graceMs`.
 * With the ChildProcess object the wait uses its exit event (no zombie confusion); otherwise polls the pid.
 */
export async function killAndWait(target: { pid: number; child?: ChildProcess }, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  const { pid, child } = target;
  if (child) {
    if (exited(child)) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
    const t = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, graceMs);
    await gone;
    clearTimeout(t);
    return;
  }
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Keeps the last `max` lines of a process's output for error messages. */
export class LogTail {
  private lines: string[] = [];
  constructor(private readonly max = 40) {}
  push(text: string): void {
    for (const l of text.split('\n')) if (l.trim()) this.lines.push(l);
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }
  toString(): string {
    return this.lines.join('\n');
  }
}
