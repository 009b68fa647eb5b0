// Bounds on what an import accepts. An import file is untrusted input, like anything else that reaches
// a prompt: every size and date has a limit, and each limit says why it is where it is.

/** One message, like a transcript message: a chat message larger than this is a pasted file, not chat. */
export const MAX_MESSAGE_CHARS = 1_000_000;

/**
 * Dates an import accepts. Before 1970 nothing was chatted; after 2100 is a broken clock or a crafted
 * value (`create_time: 1e308` once reached `toISOString` and threw a RangeError). Fixed bounds rather
 * than "now", so the same file imports the same way on every machine and clock.
 */
export const MIN_DATE_MS = Date.UTC(1970, 0, 1);
export const MAX_DATE_MS = Date.UTC(2100, 0, 1);

/** Real exports nest about ten levels deep; a deeper document is crafted to exhaust the parser. */
export const MAX_JSON_DEPTH = 64;

/** Refused items listed in a report; the total is still counted (a hostile file could refuse millions). */
export const MAX_REPORT_ITEMS = 200;

/** How much of a refused text the report quotes: enough to recognise it, never the whole thing. */
export const EXCERPT_CHARS = 120;

/**
 * Bytes read from an import file at a time (the parser holds little more than this). Small on purpose: a
 * block, and the tokens parsed from it, live until every chat that ends in it has been cleaned and
 * written, and a chat's cleaning allocates about a hundred times its size. With 64 KB blocks (two chats
 * of a ChatGPT export each) the blocks outlived the young generation's collections, were promoted, and
 * the old generation filled with garbage only a full collection frees (json-stream.ts, issue: import
 * memory). 16 KB is under half a typical chat, and costs nothing measurable in reads.
 */
export const READ_CHUNK_BYTES = 16 * 1024;
