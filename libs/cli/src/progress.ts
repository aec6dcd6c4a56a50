/**
 * Progress on stderr for people watching a terminal: one line rewritten in place. When stderr is not a
 * TTY (a pipe, a file, CI) nothing is written, so logs and captured output stay clean.
 */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

const CLEAR_LINE = '\r\u001b[2K';
const MiB = 1024 * 1024;

export class Progress {
  private shown = false;
  private lastText = '';

  constructor(private readonly stream: ProgressStream) {}

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  show(text: string): void {
    if (!this.enabled || text === this.lastText) return;
    this.stream.write(CLEAR_LINE + text);
    this.shown = true;
    this.lastText = text;
  }

  clear(): void {
    if (this.shown) this.stream.write(CLEAR_LINE);
    this.shown = false;
    this.lastText = '';
  }

  /** Shows `label` with the seconds elapsed, once a second, until the returned function is called. */
  tick(label: string): () => void {
    if (!this.enabled) return () => {};
    const started = Date.now();
    this.show(`${label} 0 s`);
    const timer = setInterval(() => this.show(`${label} ${Math.round((Date.now() - started) / 1000)} s`), 1000);
    timer.unref();
    return () => {
      clearInterval(timer);
      this.clear();
    };
  }
}

/** `uploading invoice.pdf: 42% of 3.1 MiB` (whole percents, so the line changes at most 100 times). */
export function uploadText(name: string, loaded: number, total: number | undefined): string {
  if (!total) return `uploading ${name}: ${(loaded / MiB).toFixed(1)} MiB`;
  return `uploading ${name}: ${Math.floor((100 * loaded) / total)}% of ${(total / MiB).toFixed(1)} MiB`;
}
