// A PDF's text, extracted with pdfjs-dist (its legacy build, the one made for Node) in a worker thread:
// parsing a 300-page PDF takes seconds of CPU, and on the engine's own thread that would stall every other
// request `monad serve` or the desktop app is answering meanwhile (issue 29 §1). Each extraction gets its
// own worker, ended when it answers, fails or runs out of time, so a malformed PDF cannot leave anything
// running or hold memory afterwards.
//
// The worker's code is the small script below, run with `eval: true`: a separate worker file would have to
// be found at run time from three places (sources under tsx and vitest, the CLI bundle, the Electron
// bundle), while the pdfjs module it loads is resolved here, in the engine, to an absolute file URL.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_EXTRACTED_CHARS, MAX_PDF_PAGES } from '../../shared/attachments';
import { MonadError } from '../../shared/errors';

export interface PdfText {
  pages: number;
  text: string;
  /** The text went past MAX_EXTRACTED_CHARS and was cut there. */
  truncated: boolean;
}

/** Long enough for a 1,000-page PDF on a slow machine; a PDF that takes longer is treated as broken. */
export const PDF_TIMEOUT_MS = 120_000;

// Plain CommonJS (an eval worker is a script). Pages are joined with a form feed, the page break PDFs
// themselves use, so a passage can be traced to its page. Answers { pages, text, truncated } or an error
// kind the engine turns into words: 'pages' (too many), 'password', 'broken'.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pdfjs = await import(workerData.pdfjsUrl);
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: workerData.bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (e) {
    parentPort.postMessage({ error: e && e.name === 'PasswordException' ? 'password' : 'broken', detail: String((e && e.message) || e) });
    return;
  }
  if (doc.numPages > workerData.maxPages) {
    parentPort.postMessage({ error: 'pages', pages: doc.numPages });
    await doc.destroy();
    return;
  }
  const parts = [];
  let length = 0;
  let truncated = false;
  for (let i = 1; i <= doc.numPages && !truncated; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) if (typeof item.str === 'string') text += item.str + (item.hasEOL ? '\\n' : (item.str ? ' ' : ''));
    page.cleanup();
    if (length + text.length > workerData.maxChars) {
      text = text.slice(0, Math.max(0, workerData.maxChars - length));
      truncated = true;
    }
    parts.push(text.replace(/[ \\t]+\\n/g, '\\n').trimEnd());
    length += text.length + 1;
  }
  parentPort.postMessage({ pages: doc.numPages, text: parts.join('\\n\\f'), truncated });
  await doc.destroy();
})().catch((e) => parentPort.postMessage({ error: 'broken', detail: String((e && e.message) || e) }));
`;

let pdfjsUrl: string | null = null;
function pdfjsModuleUrl(): string {
  pdfjsUrl ??= pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  return pdfjsUrl;
}

type WorkerAnswer = { pages: number; text: string; truncated: boolean } | { error: 'pages'; pages: number } | { error: 'password' | 'broken'; detail?: string };

/** The text of a PDF, or a MonadError that says why there is none. `name` is only for the messages. */
export function extractPdfText(name: string, bytes: Uint8Array, opts: { timeoutMs?: number; maxPages?: number } = {}): Promise<PdfText> {
  const maxPages = opts.maxPages ?? MAX_PDF_PAGES;
  return new Promise((resolve, reject) => {
    // A copy: the worker gets its own bytes (pdfjs detaches the buffer it is handed).
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pdfjsUrl: pdfjsModuleUrl(), bytes: Uint8Array.from(bytes), maxPages, maxChars: MAX_EXTRACTED_CHARS },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new MonadError('BAD_INPUT', `Reading ${name} took more than ${Math.round((opts.timeoutMs ?? PDF_TIMEOUT_MS) / 1000)} s and was stopped. Try a smaller PDF, or paste the part that matters.`, { reason: 'pdf-timeout' }))),
      opts.timeoutMs ?? PDF_TIMEOUT_MS,
    );
    worker.on('message', (m: WorkerAnswer) =>
      finish(() => {
        if (!('error' in m)) return resolve(m);
        if (m.error === 'pages') {
          return reject(new MonadError('PAYLOAD_TOO_LARGE', `${name} has ${m.pages} pages; a PDF can have at most ${maxPages}. Attach the pages that matter (print them to a new PDF).`, { reason: 'too-many-pages', pages: m.pages }));
        }
        if (m.error === 'password') return reject(new MonadError('BAD_INPUT', `${name} is protected by a password. Save a copy without the password and attach that.`, { reason: 'pdf-password' }));
        reject(new MonadError('BAD_INPUT', `${name} could not be read as a PDF (${(m.detail ?? 'damaged file').slice(0, 200)}). Check the file opens, or save it again as PDF.`, { reason: 'pdf-broken' }));
      }),
    );
    worker.on('error', (err) => finish(() => reject(new MonadError('BAD_INPUT', `${name} could not be read as a PDF (${err.message.slice(0, 200)}).`, { reason: 'pdf-broken' }))));
    worker.on('exit', (code) => finish(() => reject(new MonadError('INTERNAL', `Reading ${name} stopped unexpectedly (exit ${code}). Try again.`))));
  });
}
