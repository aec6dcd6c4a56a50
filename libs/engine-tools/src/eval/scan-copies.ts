/**
 * Scanned copies of digital documents, for measuring the OCR path on documents whose labels we already
 * have: each page is rendered, degraded like a fax or an office scan, and stored as an image-only PDF.
 * The development split has one real fax (docile-sample); these copies widen that check without new labels.
 */
import { deflateSync } from 'node:zlib';
import type { Grey } from '@exs/engine/internals';

export type ScanStyle = 'fax' | 'bw' | 'grey';

/** Deterministic noise (a fixed-seed LCG), so the same copy is made every time. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/**
 * Degrades a rendered page in place. fax: light blur, sensor noise, hard threshold and speckles;
 * bw: threshold only; grey: a low-contrast grey scan with mild noise.
 */
export function degrade(img: Grey, style: ScanStyle): void {
  const { data, width: W, height: H } = img;
  if (style === 'bw') {
    for (let i = 0; i < data.length; i++) data[i] = data[i] < 160 ? 0 : 255;
    return;
  }
  if (style === 'grey') {
    const rnd = lcg(777);
    for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] * 0.85 + 20 + (rnd() - 0.5) * 30));
    return;
  }
  const rnd = lcg(12345);
  const src = Buffer.from(data);
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const blur = (src[i] * 4 + src[i - 1] + src[i + 1] + src[i - W] + src[i + W]) / 8;
      const noisy = blur + (rnd() + rnd() + rnd() - 1.5) * 70;
      data[i] = noisy < 140 ? 0 : 255;
      if (rnd() < 0.002) data[i] = 0;
    }
  }
}

export interface ScannedPage {
  /** Page size in PDF points. */
  widthPt: number;
  heightPt: number;
  image: Grey;
}

/** A PDF whose pages are each one full-page greyscale image and nothing else (no text layer). */
export function imageOnlyPdf(pages: ScannedPage[]): Buffer {
  const objs: Array<string | { dict: string; data: Buffer }> = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  for (const p of pages) {
    const pageNo = objs.length + 1;
    kids.push(`${pageNo} 0 R`);
    objs.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${p.widthPt} ${p.heightPt}] /Resources << /XObject << /Im1 ${pageNo + 2} 0 R >> >> /Contents ${pageNo + 1} 0 R >>`);
    objs.push({ dict: '', data: Buffer.from(`q ${p.widthPt} 0 0 ${p.heightPt} 0 0 cm /Im1 Do Q`) });
    objs.push({ dict: `/Type /XObject /Subtype /Image /Width ${p.image.width} /Height ${p.image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, data: deflateSync(p.image.data) });
  }
  objs[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  const parts = [Buffer.from('%PDF-1.4\n')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(offset);
    const b = typeof o === 'string'
      ? Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`)
      : Buffer.concat([Buffer.from(`${i + 1} 0 obj\n<< ${o.dict} /Length ${o.data.length} >>\nstream\n`), o.data, Buffer.from('\nendstream\nendobj\n')]);
    parts.push(b);
    offset += b.length;
  });
  const xref = `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}
