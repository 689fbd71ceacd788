/**
 * The fonts every PDF embeds. Noto Sans covers Latin, Greek and Cyrillic: Łukasz, Siobhán and Zoë
 * print as written, which the standard PDF fonts (WinAnsi only) cannot do.
 *
 * Each font file is parsed once per process and the parsed font given to every document: parsing a
 * 500 KB TrueType file took most of a one-page summary's 170 ms. pdfkit takes a parsed fontkit font
 * wherever it takes a file (its font factory accepts any object with `layout`), and each document
 * still makes its own subset of the glyphs it uses.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as { create(buffer: Uint8Array): object };

const files = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

let parsed: { regular: object; bold: object } | undefined;

/** Registers 'Body' and 'Bold' on a document. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  parsed ??= {
    regular: fontkit.create(readFileSync(files.regular)),
    bold: fontkit.create(readFileSync(files.bold)),
  };
  // pdfkit's published types name only paths and buffers; its factory also takes a parsed font.
  doc.registerFont('Body', parsed.regular as unknown as string);
  doc.registerFont('Bold', parsed.bold as unknown as string);
}
