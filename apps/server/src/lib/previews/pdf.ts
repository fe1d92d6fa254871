import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

/** A page larger than this many pixels once scaled is never drawn (a hostile page size). */
const MAX_CANVAS_PIXELS = 16_000_000;

let fontsDir: string | undefined;
/** pdf.js's own copies of the 14 standard fonts, for PDFs that name them without embedding. */
function standardFonts(): string {
  fontsDir ??= join(
    dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  );
  return `${fontsDir}/`;
}

/**
 * The first page of the PDF `source`, drawn on white to fit inside `box` × `box` pixels, as PNG
 * (the thumbnailer turns it into WebP). pdf.js runs without `eval` (its fonts are interpreted,
 * never compiled from the document), without scripts, forms or fetching anything.
 */
export async function renderPdfFirstPage(source: Buffer, box: number): Promise<Buffer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of the array it is given: hand it a copy.
    data: new Uint8Array(source),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: standardFonts(),
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = box / Math.max(natural.width, natural.height, 1);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.ceil(viewport.width));
    const height = Math.max(1, Math.ceil(viewport.height));
    if (width * height > MAX_CANVAS_PIXELS) throw new Error('the PDF page is too large to draw');
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas is what pdf.js itself draws with under Node; its types name the DOM's.
    type Target = Parameters<typeof page.render>[0];
    await page.render({
      canvas: canvas as unknown as Target['canvas'],
      canvasContext: context as unknown as Target['canvasContext'],
      viewport,
    }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await task.destroy();
  }
}
