import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

/**
 * The one way the server writes a PDF (DESIGN §2 documents: diagnostic cards now, acts later):
 * pdfkit on A4 with DejaVu Sans, which the repository ships (`apps/server/assets/fonts`, with its
 * licence) because pdfkit's built-in fonts have no Cyrillic and a server may have no fonts at all.
 * A document is built with a few block helpers (heading, paragraph, a label and its value, a
 * table) and ends as one Buffer: the documents are a few pages, read whole.
 */

const FONTS_DIR = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));

/** The fonts' bytes, read once for the process: two files of the repository that never change. */
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function fontFiles() {
  fonts ??= {
    regular: fs.readFileSync(`${FONTS_DIR}DejaVuSans.ttf`),
    bold: fs.readFileSync(`${FONTS_DIR}DejaVuSans-Bold.ttf`),
  };
  return fonts;
}

const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const INK = '#1f2328';
const MUTED = '#57606a';
const RULE = '#d0d7de';
const HEADING_SIZE = { 1: 18, 2: 14, 3: 11.5 } as const;
const BODY_SIZE = 10.5;
const SMALL_SIZE = 9;

/** What a document is about: its title (also the PDF's own title) and language. */
export interface PdfMeta {
  title: string;
  /** A BCP 47 language tag ('uk', 'en'), for screen readers. */
  lang: string;
  /** The author line of the PDF's properties. */
  author?: string;
}

/** A document being written, with the blocks every document of the platform is made of. */
export interface PdfWriter {
  /** The pdfkit document itself, for what the helpers do not cover. */
  doc: PDFKit.PDFDocument;
  /** The width between the margins, in points. */
  width: number;
  heading(text: string, level?: 1 | 2 | 3): void;
  paragraph(text: string, options?: { muted?: boolean; small?: boolean; bold?: boolean }): void;
  /** "Label: value" on one line, the label in bold. */
  field(label: string, value: string): void;
  /** A table with a header row; the column widths are parts of the width (e.g. [2, 1]). */
  table(header: string[], rows: string[][], widths?: number[]): void;
  /** A thin horizontal line with a little space around it. */
  rule(): void;
  /** Space, in lines of body text. */
  space(lines?: number): void;
  /** Ends the document: its bytes. */
  finish(): Promise<Buffer>;
}

/** Starts a document: A4, 50 pt margins, DejaVu Sans, the title and language in its properties. */
export function createPdf(meta: PdfMeta): PdfWriter {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: meta.lang,
    displayTitle: true,
    info: { Title: meta.title, Author: meta.author ?? 'Logoschool', Creator: 'Logoschool' },
    bufferPages: false,
  });
  const { regular, bold } = fontFiles();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR).fontSize(BODY_SIZE).fillColor(INK);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = () => doc.page.margins.left;

  const writer: PdfWriter = {
    doc,
    width,
    heading(text, level = 2) {
      if (level > 1) doc.moveDown(0.6);
      doc.font(BOLD).fontSize(HEADING_SIZE[level]).fillColor(INK).text(text, left(), undefined, { width });
      doc.moveDown(0.3);
      doc.font(REGULAR).fontSize(BODY_SIZE);
    },
    paragraph(text, options = {}) {
      doc
        .font(options.bold ? BOLD : REGULAR)
        .fontSize(options.small ? SMALL_SIZE : BODY_SIZE)
        .fillColor(options.muted ? MUTED : INK)
        .text(text, left(), undefined, { width });
      doc.font(REGULAR).fontSize(BODY_SIZE).fillColor(INK);
      doc.moveDown(0.25);
    },
    field(label, value) {
      doc
        .font(BOLD)
        .fontSize(BODY_SIZE)
        .fillColor(INK)
        .text(`${label}: `, left(), undefined, { width, continued: true })
        .font(REGULAR)
        .text(value);
      doc.moveDown(0.15);
    },
    table(header, rows, widths) {
      const parts = widths ?? header.map(() => 1);
      const total = parts.reduce((sum, part) => sum + part, 0);
      doc.font(REGULAR).fontSize(SMALL_SIZE).fillColor(INK);
      doc.table({
        position: { x: left() },
        maxWidth: width,
        columnStyles: parts.map((part) => (width * part) / total),
        defaultStyle: { border: 0.5, borderColor: RULE, padding: 4 },
        data: [
          header.map((text) => ({
            text,
            type: 'TH' as const,
            font: { src: BOLD },
            backgroundColor: '#f3f4f6',
          })),
          ...rows,
        ],
      });
      doc.font(REGULAR).fontSize(BODY_SIZE);
      doc.moveDown(0.5);
    },
    rule() {
      doc.moveDown(0.3);
      const y = doc.y;
      doc
        .moveTo(left(), y)
        .lineTo(left() + width, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.moveDown(0.5);
    },
    space(lines = 1) {
      doc.moveDown(lines);
    },
    finish() {
      doc.end();
      return done;
    },
  };
  return writer;
}
