// PDFs made on the spot for the attachment tests and bench (pdf-lib): pages of known text.
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One string per page; each page's text drawn line by line (pdf-lib does not wrap). */
export async function makePdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 750 - i * 14, font, size: 10 }));
  }
  return doc.save();
}
