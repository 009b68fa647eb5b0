// Guards the class, not the cases (issue 14 §5): every call in the engine that can create a file or a
// folder says which mode it gets, so nothing new lands in the home readable by other accounts. Read on
// the source, like tests/architecture/architecture.test.ts; the few exceptions are listed with their reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAIN = resolve(__dirname, '..', '..', 'src', 'main');

/** Calls that create files or folders, and what makes each one acceptable. */
const CREATORS: { call: RegExp; ok: RegExp }[] = [
  { call: /\bmkdirSync\(/g, ok: /\bmode\b/ },
  { call: /\bwriteFileSync\(/g, ok: /\bmode\b/ },
  { call: /\bappendFileSync\(/g, ok: /\bmode\b/ },
  { call: /\bcreateWriteStream\(/g, ok: /\bmode\b/ },
  // openSync(path, flags, mode): a third argument, or a read-only open.
  { call: /\bopenSync\(/g, ok: /,[^,]+,\s*\S|'r'|'r\+'|\bO_RDONLY\b/ },
  // A copy takes its source's mode: only where the result is chmod-ed before it is renamed into place.
  { call: /\bcopyFileSync\(/g, ok: /$^/ },
  // SQLite creates a missing database 0644: opens must be of existing files (or pre-created, below).
  { call: /new BetterSqlite3\(/g, ok: /fileMustExist/ },
];

/** file:line → why it may create without an explicit mode. */
const EXCEPTIONS: Record<string, string> = {
  'home.ts:mkdirSync': 'the folder the home sits in (~/.config…) belongs to the person, with their usual modes',
  'memory/core/identity-files.ts:mkdirSync': "a project's folder (workspace AGENTS.md), outside the home; inside the home mkdirPrivate is used",
  'db/health.ts:copyFileSync': 'copyPrivateDurable (every backup and restore copy) chmods the copy 0600 before anything renames it into place',
  'db/open.ts:new BetterSqlite3(': 'connect() pre-creates the file 0600 with ensurePrivateFile first',
  'db/backup.ts:new BetterSqlite3(': 'sealCopy opens a copy that ensurePrivateFile created before db.backup wrote it',
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

/** The argument text of the call whose opening parenthesis is at `open`. */
function argsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

describe('file creation in the engine', () => {
  it('every call that can create a file or folder gives it a mode (or is a listed exception)', () => {
    const offenders: string[] = [];
    const used = new Set<string>();
    let calls = 0;
    for (const file of sources(MAIN)) {
      const rel = relative(MAIN, file).split('\\').join('/');
      // Comments out, so a call named in a comment is not read as one.
      const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
      for (const { call, ok } of CREATORS) {
        for (const m of text.matchAll(call)) {
          calls++;
          const args = argsAt(text, m.index + m[0].length - 1);
          if (ok.test(args)) continue;
          const name = `${rel}:${m[0].startsWith('new ') ? m[0] : m[0].slice(0, -1)}`;
          if (EXCEPTIONS[name]) {
            used.add(name);
            continue;
          }
          offenders.push(`${name}: ${args.slice(0, 80)}`);
        }
      }
    }
    // The scan sees the engine's creating calls at all (a broken pattern would pass vacuously).
    expect(calls).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
    // An exception nothing needs any more is removed, so the list stays true.
    expect(Object.keys(EXCEPTIONS).filter((k) => !used.has(k))).toEqual([]);
  });
});
