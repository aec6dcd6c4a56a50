// Progress goes to stderr only when it is a terminal.
import { Progress, uploadText } from '../src/progress.js';

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

test('on a terminal, a line is drawn in place and cleared', () => {
  const out = stream(true);
  const progress = new Progress(out);
  progress.show('uploading a.pdf: 10% of 2.0 MiB');
  progress.show('uploading a.pdf: 10% of 2.0 MiB');
  progress.show('uploading a.pdf: 55% of 2.0 MiB');
  progress.clear();
  expect(out.writes).toEqual(['\r\u001b[2Kuploading a.pdf: 10% of 2.0 MiB', '\r\u001b[2Kuploading a.pdf: 55% of 2.0 MiB', '\r\u001b[2K']);
});

test('when stderr is a pipe or a file nothing is written', () => {
  const out = stream(false);
  const progress = new Progress(out);
  progress.show('uploading a.pdf: 10% of 2.0 MiB');
  progress.tick('waiting for job job_1:')();
  progress.clear();
  expect(out.writes).toEqual([]);
});

test('a ticker shows its label at once and clears it when stopped', () => {
  const out = stream(true);
  const stop = new Progress(out).tick('waiting for job job_1:');
  stop();
  expect(out.writes).toEqual(['\r\u001b[2Kwaiting for job job_1: 0 s', '\r\u001b[2K']);
});

test('upload progress reads as whole percents of the size, or MiB sent when the size is unknown', () => {
  expect(uploadText('a.pdf', 1_572_864, 3 * 1_048_576)).toBe('uploading a.pdf: 50% of 3.0 MiB');
  expect(uploadText('a.pdf', 3 * 1_048_576 - 1, 3 * 1_048_576)).toBe('uploading a.pdf: 99% of 3.0 MiB');
  expect(uploadText('stdin', 2 * 1_048_576, undefined)).toBe('uploading stdin: 2.0 MiB');
});
