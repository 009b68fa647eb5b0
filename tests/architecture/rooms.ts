// The rooms of src/ and the order they stand in (issue 28 §2): a file may import from its own room, from
// a room on its own floor, or from a lower floor, never from a higher one. The order is today's code as
// it should be: plain data at the bottom, the composition root (engine.ts) above every part it wires, and
// the hosts (Electron main, `monad serve`, the CLI, the preload) on top. A new folder under src/ is in no
// room until it is placed here, and the layer check says so: placing it is a decision, not an accident.

export interface Room {
  name: string;
  /** Higher floors may import lower ones; rooms on one floor may import each other (the circle check still holds). */
  floor: number;
  /** Repo-relative paths: a folder (every file below it), a file, or a file-name prefix ending in `*`. */
  paths: string[];
  /** Why a room is what it is, where that is not obvious from its folder. */
  why?: string;
}

export const ROOMS: Room[] = [
  { name: 'shared', floor: 0, paths: ['src/shared'], why: 'types and zod schemas only: what every process agrees on' },
  { name: 'fs', floor: 1, paths: ['src/main/fs'] },
  { name: 'net', floor: 1, paths: ['src/main/net'] },
  { name: 'http', floor: 1, paths: ['src/main/http'], why: "HTTP plumbing both ports use (monad serve's API, the desktop app's MCP listener) and the app protocol" },
  {
    name: 'sanitizers',
    floor: 1,
    paths: ['src/main/memory/facts/sanitize*'],
    why: 'pure text rules (injection, secrets, unicode) with no import outside themselves; secrets/, mcp-client/ and memory/ all use them, so they stand below all three although their folder is memory/facts/',
  },
  {
    name: 'search-text',
    floor: 1,
    paths: ['src/main/search/text.ts', 'src/main/search/porter.ts', 'src/main/search/stopwords.ts', 'src/main/search/query.ts', 'src/main/search/rank.ts', 'src/main/search/learned-trees.ts', 'src/main/search/message-dates.ts'],
    why: "search's text core (tokens, stems, stop words, query terms, dates named in a message): pure text that the message store, a database migration and the chat's statement capture use, below the search service itself",
  },
  { name: 'secrets', floor: 2, paths: ['src/main/secrets'] },
  { name: 'events', floor: 3, paths: ['src/main/events.ts'] },
  { name: 'config', floor: 4, paths: ['src/main/config'] },
  { name: 'home', floor: 4, paths: ['src/main/home.ts'] },
  { name: 'db', floor: 5, paths: ['src/main/db'] },
  { name: 'agents', floor: 5, paths: ['src/main/agents'] },
  { name: 'llm', floor: 6, paths: ['src/main/llm'] },
  { name: 'conversations', floor: 7, paths: ['src/main/conversations'], why: 'sessions and messages: a store below both chat and memory, which both read it' },
  {
    name: 'attachments',
    floor: 7,
    paths: ['src/main/attachments'],
    why: "files sent with messages: stored in the home and app.sqlite, quoted in prompts; the message store (beside it) links them, chat (above) sends them",
  },
  { name: 'turn', floor: 7, paths: ['src/main/turn'], why: 'the shapes a layer plugs into a chat turn with (tools, hooks, slash commands, receipt lines): chat implements them, memory registers through them' },
  { name: 'memory', floor: 8, paths: ['src/main/memory'] },
  {
    name: 'sync',
    floor: 8,
    paths: ['src/main/sync'],
    why: "the same memory on every device (issue 30): the relay and a device's sync, over Yjs + Hocuspocus; it reaches a home's facts only through sync-ports.ts, which engine-sync.ts builds",
  },
  { name: 'mcp-client', floor: 9, paths: ['src/main/mcp-client'], why: "MCP servers whose tools the chat uses; their results pass memory's sanitizer" },
  { name: 'chat', floor: 10, paths: ['src/main/chat'] },
  { name: 'search', floor: 11, paths: ['src/main/search'], why: 'reads messages and every memory layer; offers the chat its memory_search tool' },
  { name: 'transfer', floor: 12, paths: ['src/main/transfer'], why: 'import and export, given the parts they use through transfer-ports.ts' },
  { name: 'mcp', floor: 12, paths: ['src/main/mcp'], why: "Monad's memory offered to other apps, given the parts it uses through mcp-ports.ts" },
  {
    name: 'engine',
    floor: 13,
    paths: ['src/main/engine.ts', 'src/main/engine-*'],
    why: 'the composition root: builds every part and hands each the narrow ports it needs, so it stands above all of them',
  },
  { name: 'contract', floor: 14, paths: ['src/main/contract'], why: 'one handler per channel, over the parts named in handler-ports.ts' },
  { name: 'desktop-services', floor: 14, paths: ['src/main/desktop-services.ts'], why: 'what the desktop app runs beside its window, kept apart from index.ts so Node tests drive it' },
  { name: 'server', floor: 15, paths: ['src/main/server'], why: 'host: monad serve' },
  { name: 'electron', floor: 15, paths: ['src/main/electron', 'src/main/index.ts'], why: 'host: the desktop app (the only electron importers)' },
  { name: 'cli', floor: 15, paths: ['src/cli'], why: 'host: the monad command' },
  { name: 'preload', floor: 15, paths: ['src/preload'], why: "the desktop window's bridge" },
  { name: 'renderer', floor: 15, paths: ['src/renderer'], why: 'the UI: imports only src/shared from outside itself' },
];

/** The rooms whose files may import engine.ts: the hosts. Tests and bench (outside src/) may too. */
export const ENGINE_IMPORTERS = ['server', 'electron', 'cli'];

/** Source files that may exceed the size limit, each with its reason: data tables, not code to read. */
export const MAX_LINES = 450;
export const SIZE_EXCEPTIONS: { paths: string[]; why: string }[] = [
  {
    paths: ['src/main/memory/facts/sanitize-injection-lexicon-*'],
    why: "the injection detector's word tables, one entry per language: data, split by region, read an entry at a time",
  },
  { paths: ['src/main/db/migrations'], why: 'numbered migrations: each is the history of a schema, never edited once released' },
];

/** Whether `path` is matched by a room's or an exception's path pattern. */
export function pathMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1)) && !path.slice(pattern.length - 1).includes('/');
  return path === pattern || path.startsWith(`${pattern}/`);
}

/** The most specific room a file is in (a file or prefix pattern beats the folder around it), or null. */
export function roomOf(path: string, rooms: Room[] = ROOMS): Room | null {
  let best: { room: Room; length: number } | null = null;
  for (const room of rooms) {
    for (const p of room.paths) {
      if (pathMatches(p, path) && (!best || p.length > best.length)) best = { room, length: p.length };
    }
  }
  return best?.room ?? null;
}
