// Process boundaries, checked on the source (DESIGN.md "Processes and layers"):
// - src/shared is plain TypeScript + zod: no `electron`, no Node builtins (the renderer loads it);
// - only src/main/electron/, src/main/index.ts and the preload import `electron`: the engine runs in plain Node;
// - the renderer imports neither src/main nor src/preload (nor Node builtins: it runs in a sandboxed page);
// - the preload's run-time imports are `electron`, its own files and the zod-free channel-names module,
//   and everything else it imports from src/shared is type-only (a sandboxed preload cannot load packages).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

interface ImportRef {
  specifier: string;
  kind: 'import' | 'side-effect' | 'export-from' | 'dynamic' | 'require';
  /** `import type …`, `export type … from`, or `import { type A, type B } from`: erased at build time. */
  typeOnly: boolean;
}

/**
 * Blanks out comments and replaces every string/template literal with a numbered placeholder, so
 * text inside strings or comments is never read as an import; regex literals are skipped the same way.
 */
function tokenize(src: string): { code: string; literals: string[] } {
  const literals: string[] = [];
  let out = '';
  let i = 0;
  let lastSignificant = '';
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      out += ' ';
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end === -1 ? src.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      literals.push(src.slice(i + 1, j));
      out += `${c}@@${literals.length - 1}@@${c}`;
      i = j + 1;
      lastSignificant = c;
    } else if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%>~^'.includes(lastSignificant) || /\b(return|typeof|case|do|else|in|of|void|yield|await)\s*$/.test(out))) {
      // A regex literal: skip to its closing slash (not one inside a [...] class).
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n') {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        else if (src[j] === '/' && !inClass) break;
        j++;
      }
      i = j + 1;
      out += ' /re/ ';
      lastSignificant = '/';
    } else {
      out += c;
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return { code: out, literals };
}

/** Every module specifier a source file names: static/type imports, export-from, import(), require(). */
function parseImports(source: string): ImportRef[] {
  const { code, literals } = tokenize(source);
  const refs: { at: number; ref: ImportRef }[] = [];
  const add = (at: number, spec: string, kind: ImportRef['kind'], typeOnly: boolean) =>
    refs.push({ at, ref: { specifier: literals[Number(spec)], kind, typeOnly } });
  const LIT = "(['\"`])@@(\\d+)@@"; // a literal placeholder; its closing quote follows as a backreference
  const NOT_MEMBER = '(?<![\\w$.])'; // `obj.import(…)` or `myrequire(…)` are not imports

  for (const m of code.matchAll(new RegExp(`${NOT_MEMBER}import\\s+(type\\s+)?([\\w$*{}\\s,]+?)\\s*from\\s*${LIT}\\3`, 'g'))) {
    const clause = m[2].trim();
    const named = /^\{([\s\S]*)\}$/.exec(clause);
    const entries = named ? named[1].split(',').map((e) => e.trim()).filter(Boolean) : [];
    const allNamedAreTypes = named !== null && entries.length > 0 && entries.every((e) => e.startsWith('type '));
    add(m.index, m[4], 'import', Boolean(m[1]) || allNamedAreTypes);
  }
  for (const m of code.matchAll(new RegExp(`${NOT_MEMBER}import\\s*${LIT}\\1`, 'g'))) add(m.index, m[2], 'side-effect', false);
  for (const m of code.matchAll(
    new RegExp(`${NOT_MEMBER}export\\s+(type\\s+)?(\\*(?:\\s+as\\s+[\\w$]+)?|\\{[^}]*\\})\\s*from\\s*${LIT}\\3`, 'g'),
  )) {
    add(m.index, m[4], 'export-from', Boolean(m[1]));
  }
  for (const m of code.matchAll(new RegExp(`${NOT_MEMBER}import\\s*\\(\\s*${LIT}\\1\\s*[,)]`, 'g'))) add(m.index, m[2], 'dynamic', false);
  for (const m of code.matchAll(new RegExp(`${NOT_MEMBER}require\\s*\\(\\s*${LIT}\\1\\s*\\)`, 'g'))) add(m.index, m[2], 'require', false);
  return refs.sort((a, b) => a.at - b.at).map((r) => r.ref);
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));
function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0]);
}
const isElectron = (specifier: string) => specifier === 'electron' || specifier.startsWith('electron/');

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : SOURCE_EXT.test(name) ? [full] : [];
  });
}

/** Repo-relative path with forward slashes, for readable failures and prefix checks. */
const rel = (file: string) => relative(ROOT, file).split(sep).join('/');
const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** Every source file under src/, by repo-relative path, with what it imports. */
interface SourceTree {
  files: Map<string, ImportRef[]>;
}

/** The repo-relative file a relative specifier points at (the first existing extension), else null. */
function resolveRelative(tree: SourceTree, fromPath: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = rel(resolve(ROOT, dirname(fromPath), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (tree.files.has(candidate)) return candidate;
  }
  // Unresolved: still say where it points, so a layer check can judge it.
  return base;
}

function loadTree(): SourceTree {
  return { files: new Map(walk(SRC).map((file) => [rel(file), parseImports(readFileSync(file, 'utf8'))])) };
}

/** Builds a tree from inline sources, for showing that each rule catches what it should. */
function fakeTree(sources: Record<string, string>): SourceTree {
  return { files: new Map(Object.entries(sources).map(([path, src]) => [path, parseImports(src)])) };
}

type Rule = (tree: SourceTree) => string[];
const each = (tree: SourceTree, dir: string) => [...tree.files].filter(([path]) => under(path, dir));
const show = (path: string, i: ImportRef) => `${path} → ${i.specifier}${i.typeOnly ? ' (type)' : ''}`;

const sharedIsPlain: Rule = (tree) =>
  each(tree, 'src/shared').flatMap(([path, imports]) =>
    imports.filter((i) => isElectron(i.specifier) || isNodeBuiltin(i.specifier)).map((i) => show(path, i)),
  );

const electronOnlyInHost: Rule = (tree) => {
  const allowed = (path: string) => under(path, 'src/main/electron') || path === 'src/main/index.ts' || under(path, 'src/preload');
  return [...tree.files]
    .filter(([path]) => !allowed(path))
    .flatMap(([path, imports]) => imports.filter((i) => isElectron(i.specifier)).map((i) => show(path, i)));
};

const rendererStaysInBrowser: Rule = (tree) =>
  each(tree, 'src/renderer').flatMap(([path, imports]) =>
    imports
      .filter((i) => {
        if (isNodeBuiltin(i.specifier)) return true;
        const target = resolveRelative(tree, path, i.specifier) ?? i.specifier;
        return under(target, 'src/main') || under(target, 'src/preload') || /(^|\/)src\/(main|preload)(\/|$)/.test(i.specifier);
      })
      .map((i) => show(path, i)),
  );

const preloadImportsAreNarrow: Rule = (tree) =>
  each(tree, 'src/preload').flatMap(([path, imports]) =>
    imports
      .filter((i) => {
        if (isElectron(i.specifier)) return i.specifier !== 'electron';
        const target = resolveRelative(tree, path, i.specifier);
        if (!target) return true; // any other package: a sandboxed preload cannot load it
        if (under(target, 'src/preload') || target === 'src/shared/channel-names.ts') return false;
        return !(under(target, 'src/shared') && i.typeOnly);
      })
      .map((i) => show(path, i)),
  );

/** What the preload bundle really contains: follows value imports only (type imports are erased). */
const preloadClosureIsZodFree: Rule = (tree) => {
  const entry = 'src/preload/index.ts';
  if (!tree.files.has(entry)) return [`${entry} is missing`];
  const seen = new Set<string>();
  const problems: string[] = [];
  const queue = [entry];
  while (queue.length) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    if (!under(path, 'src/preload') && path !== 'src/shared/channel-names.ts') problems.push(`bundles ${path}`);
    for (const i of tree.files.get(path) ?? []) {
      if (i.typeOnly) continue;
      const target = resolveRelative(tree, path, i.specifier);
      if (target) queue.push(target);
      else if (i.specifier !== 'electron') problems.push(`requires ${show(path, i)}`);
    }
  }
  return problems;
};

const REAL = loadTree();

describe('import parser (self-test)', () => {
  const fixture = `
    import a from 'default-import';
    import * as ns from "namespace-import";
    import { b, c as d } from 'named-import';
    import e, { f } from 'default-and-named';
    import {
      g,
      h,
    } from 'multi-line-import';
    import type { T } from 'type-import';
    import { type U, type V } from 'inline-type-import';
    import { type W, x } from 'mixed-type-import';
    import 'side-effect-import';
    export * from 'export-star';
    export * as nsx from 'export-star-as';
    export { y } from 'export-named';
    export type { Z } from 'export-type';
    const lazy = await import('dynamic-import');
    const lazy2 = import(\`template-dynamic\`);
    const cjs = require('require-call');
    import eq = require('import-equals');
    // import nope from 'commented-out';
    /* require('block-commented') */
    const s = "import fake from 'inside-a-string'";
    const url = 'http://example.com/not-a-comment'; import after from 'after-url-string';
    obj.import('not-dynamic'); myrequire('not-require');
    const re = /['"]import x from 'in-a-regex'/; const q = a / b; import late from 'after-regex';
    const t = \`import(\${'nested'}) from 'in-a-template'\`;
  `;
  const refs = parseImports(fixture);
  const by = new Map(refs.map((r) => [r.specifier, r]));

  it('finds every import form', () => {
    expect(refs.map((r) => r.specifier)).toEqual([
      'default-import',
      'namespace-import',
      'named-import',
      'default-and-named',
      'multi-line-import',
      'type-import',
      'inline-type-import',
      'mixed-type-import',
      'side-effect-import',
      'export-star',
      'export-star-as',
      'export-named',
      'export-type',
      'dynamic-import',
      'template-dynamic',
      'require-call',
      'import-equals',
      'after-url-string',
      'after-regex',
    ]);
  });

  it('classifies kinds and type-only imports', () => {
    expect(by.get('default-import')).toEqual({ specifier: 'default-import', kind: 'import', typeOnly: false });
    expect(by.get('type-import')?.typeOnly).toBe(true);
    expect(by.get('inline-type-import')?.typeOnly).toBe(true);
    expect(by.get('mixed-type-import')?.typeOnly).toBe(false);
    expect(by.get('export-type')).toMatchObject({ kind: 'export-from', typeOnly: true });
    expect(by.get('export-named')).toMatchObject({ kind: 'export-from', typeOnly: false });
    expect(by.get('side-effect-import')).toMatchObject({ kind: 'side-effect', typeOnly: false });
    expect(by.get('dynamic-import')).toMatchObject({ kind: 'dynamic', typeOnly: false });
    expect(by.get('require-call')).toMatchObject({ kind: 'require', typeOnly: false });
    expect(by.get('import-equals')).toMatchObject({ kind: 'require', typeOnly: false });
  });

  it('recognises Node builtins and electron', () => {
    for (const s of ['fs', 'node:fs', 'path', 'crypto', 'fs/promises', 'node:test', 'child_process', 'os']) expect(isNodeBuiltin(s), s).toBe(true);
    for (const s of ['zod', 'react', './fs', 'electron']) expect(isNodeBuiltin(s), s).toBe(false);
    expect(isElectron('electron')).toBe(true);
    expect(isElectron('electron/main')).toBe(true);
    expect(isElectron('electron-vite')).toBe(false);
  });

  it('scans the real source tree', () => {
    expect(REAL.files.has('src/shared/contract.ts')).toBe(true);
    expect(REAL.files.has('src/main/engine.ts')).toBe(true);
    expect(REAL.files.has('src/preload/index.ts')).toBe(true);
    expect(REAL.files.get('src/main/engine.ts')!.length).toBeGreaterThan(3);
  });
});

describe('boundary rules catch what they should (synthetic trees)', () => {
  it('flags electron or Node builtins in src/shared', () => {
    const tree = fakeTree({
      'src/shared/a.ts': "import { readFileSync } from 'node:fs';",
      'src/shared/b.ts': "import { join } from 'path';",
      'src/shared/c.ts': "import type { App } from 'electron';",
      'src/shared/d.ts': "const crypto = require('crypto');",
      'src/shared/ok.ts': "import { z } from 'zod'; import type { X } from './a';",
    });
    expect(sharedIsPlain(tree).sort()).toEqual([
      'src/shared/a.ts → node:fs',
      'src/shared/b.ts → path',
      'src/shared/c.ts → electron (type)',
      'src/shared/d.ts → crypto',
    ]);
  });

  it('flags electron imported outside the Electron host', () => {
    const tree = fakeTree({
      'src/main/engine.ts': "import { app } from 'electron';",
      'src/main/chat/x.ts': "const { shell } = await import('electron');",
      'src/cli/y.ts': "export { BrowserWindow } from 'electron/main';",
      'src/renderer/src/z.ts': "import type { IpcRenderer } from 'electron';",
      'src/main/electron/window.ts': "import { BrowserWindow } from 'electron';",
      'src/main/index.ts': "import { app } from 'electron';",
      'src/preload/index.ts': "import { contextBridge } from 'electron';",
    });
    expect(electronOnlyInHost(tree).sort()).toEqual([
      'src/cli/y.ts → electron/main',
      'src/main/chat/x.ts → electron',
      'src/main/engine.ts → electron',
      'src/renderer/src/z.ts → electron (type)',
    ]);
  });

  it('flags the renderer reaching into main, preload or Node', () => {
    const tree = fakeTree({
      'src/renderer/src/a.ts': "import { Engine } from '../../main/engine';",
      'src/renderer/src/b.ts': "import type { X } from '../../preload/create-bridge';",
      'src/renderer/src/c.ts': "import fs from 'fs';",
      'src/renderer/src/ok.ts': "import type { ChannelName } from '../../shared/contract'; import { create } from 'zustand';",
    });
    expect(rendererStaysInBrowser(tree).sort()).toEqual([
      'src/renderer/src/a.ts → ../../main/engine',
      'src/renderer/src/b.ts → ../../preload/create-bridge (type)',
      'src/renderer/src/c.ts → fs',
    ]);
  });

  it('flags preload imports beyond electron, shared types and channel names', () => {
    const tree = fakeTree({
      'src/preload/index.ts': [
        "import { contextBridge } from 'electron';",
        "import type { MonadBridge } from '../shared/bridge';",
        "import { isKnownChannel } from '../shared/channel-names';",
        "import { createBridge } from './create-bridge';",
        "import { CHANNELS } from '../shared/contract';",
        "import { z } from 'zod';",
        "import { dispatch } from '../main/contract/dispatch';",
        "import { join } from 'node:path';",
      ].join('\n'),
      'src/preload/create-bridge.ts': "import type { Result } from '../shared/errors';",
      'src/shared/channel-names.ts': "import type { ChannelName } from './contract';",
      'src/shared/contract.ts': "import { z } from 'zod';",
    });
    expect(preloadImportsAreNarrow(tree)).toEqual([
      'src/preload/index.ts → ../shared/contract',
      'src/preload/index.ts → zod',
      'src/preload/index.ts → ../main/contract/dispatch',
      'src/preload/index.ts → node:path',
    ]);
    expect(preloadClosureIsZodFree(tree)).toContain('bundles src/shared/contract.ts');
    expect(preloadClosureIsZodFree(tree)).toContain('requires src/shared/contract.ts → zod');
  });

  it('flags channel-names gaining a value import (it would drag zod into the preload)', () => {
    const tree = fakeTree({
      'src/preload/index.ts': "import { contextBridge } from 'electron'; import { isKnownChannel } from '../shared/channel-names';",
      'src/shared/channel-names.ts': "import { CHANNELS } from './contract';",
      'src/shared/contract.ts': "import { z } from 'zod';",
    });
    expect(preloadClosureIsZodFree(tree)).toEqual(['bundles src/shared/contract.ts', 'requires src/shared/contract.ts → zod']);
  });
});

describe('process boundaries (the real source tree)', () => {
  it('src/shared imports neither electron nor Node builtins', () => {
    expect(sharedIsPlain(REAL)).toEqual([]);
  });

  it('only src/main/electron/, src/main/index.ts and the preload import electron', () => {
    expect(electronOnlyInHost(REAL)).toEqual([]);
  });

  it('src/renderer imports nothing from src/main or src/preload, and no Node builtins', () => {
    expect(rendererStaysInBrowser(REAL)).toEqual([]);
  });

  it('src/preload imports only electron, its own files, shared channel names and shared types', () => {
    expect(preloadImportsAreNarrow(REAL)).toEqual([]);
  });

  it("the preload's run-time closure is src/preload + channel-names, requiring only electron", () => {
    expect(preloadClosureIsZodFree(REAL)).toEqual([]);
  });
});
