// An image a pixel wide and thousands tall (a hostile header, a scanner's stray strip) is read, not failed with a
// raw image-library error when it is scaled down for orientation detection.
import { closeOcr, ocrGrey } from '../../src/document/ocr.js';

afterAll(() => closeOcr());

test('a 1-pixel-wide, 3000-pixel-tall image is read without an error', async () => {
  const stripe = Buffer.alloc(3000, 255);
  for (let y = 1000; y < 2000; y += 3) stripe[y] = 0;
  await expect(ocrGrey({ data: stripe, width: 1, height: 3000 })).resolves.toMatchObject({ wordCount: 0 });
});
