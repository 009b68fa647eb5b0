// The architecture of src/ as a test (issue 28, "Done means"): no circle of files, layers that point one
// way, the composition root imported only by the hosts, files small enough to hold in one's head, and the
// process boundaries (DESIGN.md "Processes and layers"): electron only in the desktop host and the preload,
// a preload that bundles nothing but itself and the channel names, shared and renderer code that loads in a page.
// Imports are read with the TypeScript parser (source-graph.ts); the rooms and their order are declared in
// rooms.ts. Each failure prints what breaks the rule, file by file.
//
// MONAD_ARCH_ROOT=<a checkout> runs the same checks on another tree (e.g. an older commit exported with
// `git archive`), which is how each check was seen to fail on the code before issue 28.
import { describe, expect, it } from 'vitest';
import {
  circles,
  describeCircles,
  electronImporters,
  engineImporters,
  firstScreenPackages,
  startPackages,
  CLI_START_ENTRIES,
  LOADED_ON_USE,
  importsBetween,
  oversizeFiles,
  preloadBundleOutside,
  preloadImportsOutside,
  rendererImportsOutside,
  sharedImportsOutside,
  upwardImports,
} from './checks';
import { ROOMS, roomOf, SIZE_EXCEPTIONS, pathMatches } from './rooms';
import { importsOf, readSourceTree, REPO_ROOT, treeFromSources } from './source-graph';

const ROOT = process.env.MONAD_ARCH_ROOT || REPO_ROOT;
const tree = readSourceTree(ROOT);

/** Fails with every offending line in the message, so the report says what to fix without a debugger. */
function expectNone(problems: string[], rule: string): void {
  expect(problems, `${rule}: ${problems.length} problem(s)\n${problems.join('\n')}\n`).toEqual([]);
}

describe(`the house (${ROOT === REPO_ROOT ? 'src/' : `${ROOT}/src`})`, () => {
  it('is read whole: hundreds of files, each import of a src file resolved', () => {
    expect(tree.size).toBeGreaterThan(300);
    const unresolved = [...tree.values()].flatMap((f) => f.imports.filter((i) => i.specifier.startsWith('.') && !i.target).map((i) => `${f.path} -> ${i.specifier}`));
    expectNone(unresolved, 'relative imports that name no file');
  });

  it('has no circle of files', () => {
    expectNone(describeCircles(tree), 'circles of files');
  });

  it('has layers that point one way: no file imports from a room on a higher floor (rooms.ts)', () => {
    expectNone(upwardImports(tree), 'imports from a higher room');
  });

  it('src/main/memory never imports src/main/chat', () => {
    expectNone(importsBetween(tree, 'src/main/memory', 'src/main/chat'), 'memory -> chat');
  });

  it('src/main/llm never imports src/main/memory', () => {
    expectNone(importsBetween(tree, 'src/main/llm', 'src/main/memory'), 'llm -> memory');
  });

  it('src/shared imports nothing from src/main (nor the rest of src), no Node builtin and not electron', () => {
    expectNone(sharedImportsOutside(tree), 'src/shared importing outside itself');
  });

  it('the renderer imports only src/shared from outside itself', () => {
    expectNone(rendererImportsOutside(tree), 'renderer importing outside itself and src/shared');
  });

  it('only the hosts (Electron main, monad serve, the CLI) import engine.ts', () => {
    expectNone(engineImporters(tree), 'non-hosts importing the engine');
  });

  it('only the desktop host (src/main/electron/, src/main/index.ts) and the preload import electron', () => {
    expectNone(electronImporters(tree), 'electron imported outside the desktop host');
  });

  it('the preload imports only electron, its own files, the channel names and types from src/shared', () => {
    expectNone(preloadImportsOutside(tree), 'preload imports a sandbox cannot load');
  });

  it("the preload's run-time closure is src/preload and the channel names, requiring only electron", () => {
    expectNone(preloadBundleOutside(tree), 'preload bundle reaching past itself');
  });

  it("the renderer's first screen (its entry's static imports) loads no zod: schemas stay in the chunks that need them", () => {
    expectNone(firstScreenPackages(tree, ['zod']), 'first screen loading zod');
  });

  it("a `monad` command's start and `monad serve`'s load none of the packages only some of them use", () => {
    expectNone(
      CLI_START_ENTRIES.flatMap((entry) => startPackages(tree, entry, LOADED_ON_USE)),
      'a CLI start loading a package at start that it loads on use',
    );
  });

  it('has no source file over 450 lines, the named data tables aside', () => {
    expectNone(oversizeFiles(tree), 'files over the limit');
  });

  it('names no size exception that matches nothing (a stale exception hides nothing but still reads as a licence)', () => {
    const stale = SIZE_EXCEPTIONS.flatMap((e) => e.paths).filter((p) => ![...tree.keys()].some((path) => pathMatches(p, path)));
    expectNone(stale, 'size exceptions matching no file');
  });
});

describe('the import reader', () => {
  it('reads every way of naming a module, type-only ones marked, and nothing inside strings or comments', () => {
    const found = importsOf(
      'a.ts',
      [
        "import { x } from './value';",
        "import type { T } from './type-only';",
        "import { type A, type B } from './all-types';",
        "import { type C, d } from './mixed';",
        "import './side-effect';",
        "export { y } from './re-export';",
        "export type { U } from './re-export-type';",
        "export * from './star';",
        "const lazy = () => import('./dynamic');",
        "type L = typeof import('./type-query');",
        "import fs = require('./equals');",
        "const { parentPort } = require('./cjs-require');",
        "obj.require('./member-call'); myrequire('./other-function');",
        "const s = \"import { z } from './in-a-string'\";",
        "// import { w } from './in-a-comment';",
        "const t = `import('./in-a-template')`;",
      ].join('\n'),
    );
    expect(found.map((i) => [i.specifier, i.kind, i.typeOnly])).toEqual([
      ['./value', 'import', false],
      ['./type-only', 'import', true],
      ['./all-types', 'import', true],
      ['./mixed', 'import', false],
      ['./side-effect', 'import', false],
      ['./re-export', 'export-from', false],
      ['./re-export-type', 'export-from', true],
      ['./star', 'export-from', false],
      ['./dynamic', 'dynamic', false],
      ['./type-query', 'import-type', true],
      ['./equals', 'import-equals', false],
      ['./cjs-require', 'require', false],
    ]);
  });
});

describe('each check catches what it is meant to (made-up trees)', () => {
  it('circles: finds a three-file circle through type-only imports and prints the ties, and none in a chain', () => {
    const t = treeFromSources({
      'src/main/a.ts': "import { b } from './b';",
      'src/main/b.ts': "import type { C } from './c';",
      'src/main/c.ts': "export { a } from './a';",
      'src/main/d.ts': "import { a } from './a';",
    });
    expect(circles(t)).toEqual([['src/main/a.ts', 'src/main/b.ts', 'src/main/c.ts']]);
    expect(describeCircles(t)[0]).toContain('src/main/b.ts -> src/main/c.ts (type)');
    expect(circles(treeFromSources({ 'src/main/a.ts': "import './b';", 'src/main/b.ts': "import './c';", 'src/main/c.ts': '' }))).toEqual([]);
  });

  it('circles: a long chain closed at its end is one circle (no recursion limit)', () => {
    const n = 5000;
    const sources: Record<string, string> = {};
    for (let i = 0; i < n; i++) sources[`src/main/f${i}.ts`] = `import './f${(i + 1) % n}';`;
    expect(circles(treeFromSources(sources)).map((c) => c.length)).toEqual([n]);
  });

  it('layers: memory importing chat, llm importing memory and a lower room importing engine.ts are upward; chat importing memory is not', () => {
    const t = treeFromSources({
      'src/main/memory/m.ts': "import { c } from '../chat/c';",
      'src/main/chat/c.ts': "import { m } from '../memory/m';",
      'src/main/llm/l.ts': "import type { M } from '../memory/m';",
      'src/main/transfer/t.ts': "import type { Engine } from '../engine';",
      'src/main/engine.ts': "import { t } from './transfer/t';",
    });
    expect(upwardImports(t)).toEqual([
      'src/main/llm/l.ts -> src/main/memory/m.ts (type): llm (floor 6) imports memory (floor 8)',
      'src/main/memory/m.ts -> src/main/chat/c.ts: memory (floor 8) imports chat (floor 10)',
      'src/main/transfer/t.ts -> src/main/engine.ts (type): transfer (floor 12) imports engine (floor 13)',
    ]);
    expect(importsBetween(t, 'src/main/memory', 'src/main/chat')).toEqual(['src/main/memory/m.ts -> src/main/chat/c.ts']);
    expect(importsBetween(t, 'src/main/llm', 'src/main/memory')).toEqual(['src/main/llm/l.ts -> src/main/memory/m.ts (type)']);
  });

  it('layers: a file in a folder no room names is reported, so a new room is placed on purpose', () => {
    expect(upwardImports(treeFromSources({ 'src/main/unplaced/s.ts': '' }))).toEqual(['src/main/unplaced/s.ts is in no room: place its folder in tests/architecture/rooms.ts']);
  });

  it('rooms: a file pattern beats its folder (the sanitizers stand below memory), and every room is on a floor', () => {
    expect(roomOf('src/main/memory/facts/sanitize-secrets.ts')?.name).toBe('sanitizers');
    expect(roomOf('src/main/memory/facts/memory-dir.ts')?.name).toBe('memory');
    expect(roomOf('src/main/engine-parts.ts')?.name).toBe('engine');
    expect(roomOf('src/main/enginex.ts')).toBeNull();
    for (const r of ROOMS) expect(Number.isInteger(r.floor)).toBe(true);
  });

  it('engine importers: only hosts and the engine itself may import it', () => {
    const t = treeFromSources({
      'src/main/engine.ts': "import './engine-wiring';",
      'src/main/engine-wiring.ts': '',
      'src/main/mcp/x.ts': "import type { Engine } from '../engine';",
      'src/main/contract/h.ts': "import { w } from '../engine-wiring';",
      'src/main/server/s.ts': "import { Engine } from '../engine';",
      'src/cli/c.ts': "const e = () => import('../main/engine');",
      'src/main/index.ts': "import { Engine } from './engine';",
    });
    expect(engineImporters(t)).toEqual(['src/main/contract/h.ts -> src/main/engine-wiring.ts', 'src/main/mcp/x.ts -> src/main/engine.ts (type)']);
  });

  it('shared and renderer: Node builtins, electron and src/main are caught; packages and src/shared are not', () => {
    const t = treeFromSources({
      'src/shared/a.ts': "import { z } from 'zod'; import { readFileSync } from 'node:fs'; import { join } from 'path'; import type { E } from '../main/engine';",
      'src/renderer/src/x.tsx': "import { useState } from 'react'; import type { A } from '../../shared/a'; import type { E } from '../../main/engine'; import os from 'os';",
      'src/main/engine.ts': '',
    });
    expect(sharedImportsOutside(t)).toEqual(['src/shared/a.ts -> node:fs', 'src/shared/a.ts -> path', 'src/shared/a.ts -> src/main/engine.ts (type)']);
    expect(rendererImportsOutside(t)).toEqual(['src/renderer/src/x.tsx -> os', 'src/renderer/src/x.tsx -> src/main/engine.ts (type)']);
  });

  it('file size: a 451-line file is reported, a 450-line one and a lexicon table are not', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n');
    const t = treeFromSources({
      'src/main/big.ts': lines(451),
      'src/main/ok.ts': lines(450),
      'src/main/memory/facts/sanitize-injection-lexicon-europe.ts': lines(900),
      'src/main/db/migrations/app-0001-init.ts': lines(900),
    });
    expect(oversizeFiles(t)).toEqual(['src/main/big.ts: 451 lines (limit 450)']);
  });

  it('electron: caught in the engine, the CLI and the renderer (type imports, dynamic imports, subpaths, require), not in the host or the preload', () => {
    const t = treeFromSources({
      'src/main/engine.ts': "import { app } from 'electron';",
      'src/main/chat/x.ts': "const load = () => import('electron');",
      'src/main/memory/w.ts': "const { shell } = require('electron');",
      'src/cli/y.ts': "export { BrowserWindow } from 'electron/main';",
      'src/renderer/src/z.ts': "import type { IpcRenderer } from 'electron';",
      'src/main/electron/window.ts': "import { BrowserWindow } from 'electron';",
      'src/main/index.ts': "import { app } from 'electron';",
      'src/preload/index.ts': "import { contextBridge } from 'electron';",
      'src/main/build.ts': "import { build } from 'electron-vite';",
    });
    expect(electronImporters(t)).toEqual([
      'src/cli/y.ts -> electron/main',
      'src/main/chat/x.ts -> electron',
      'src/main/engine.ts -> electron',
      'src/main/memory/w.ts -> electron',
      'src/renderer/src/z.ts -> electron (type)',
    ]);
  });

  it('first screen: a package reached through static imports is caught with its chain; through import(), a type import or nowhere, not', () => {
    const t = treeFromSources({
      'src/renderer/src/main.tsx': ["import { App } from './App';", "import type { Fact } from '../../shared/facts';"].join('\n'),
      'src/renderer/src/App.tsx': ["import { FORGET_KINDS } from '../../shared/forget';", "const Settings = () => import('./Settings');"].join('\n'),
      'src/renderer/src/Settings.tsx': "import { z } from 'zod';",
      'src/shared/forget.ts': "import { z } from 'zod/mini';",
      'src/shared/facts.ts': "import { z } from 'zod';",
      'src/renderer/src/unused.ts': "import { z } from 'zod';",
    });
    expect(firstScreenPackages(t, ['zod'])).toEqual(['src/renderer/src/main.tsx -> src/renderer/src/App.tsx -> src/shared/forget.ts -> zod/mini']);
    expect(firstScreenPackages(treeFromSources({ 'src/renderer/src/other.tsx': '' }), ['zod'])).toEqual(['src/renderer/src/main.tsx is missing']);
  });

  it("a CLI start's packages: a static chain is caught with its files; a dynamic import, a type import and a package of another name are not", () => {
    const t = treeFromSources({
      'src/cli/output.ts': ["import { Engine } from '../main/engine';", "import type { Doc } from 'yjs';"].join('\n'),
      'src/main/engine.ts': ["import { LlmClient } from './llm/llm-client';", "const sync = () => import('./sync/live');"].join('\n'),
      'src/main/llm/llm-client.ts': ["import { generateText } from 'ai';", "import { aiHelpers } from 'ai-helpers';"].join('\n'),
      'src/main/sync/live.ts': "import * as Y from 'yjs';",
    });
    expect(startPackages(t, 'src/cli/output.ts', ['ai', 'yjs'])).toEqual(['src/cli/output.ts -> src/main/engine.ts -> src/main/llm/llm-client.ts -> ai']);
    expect(startPackages(t, 'src/cli/index.ts', ['ai'])).toEqual(['src/cli/index.ts is missing']);
  });

  it('preload imports: packages, Node builtins, src/main and value imports of src/shared are caught; electron, own files, channel names and shared types are not', () => {
    const t = treeFromSources({
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
      'src/shared/bridge.ts': '',
      'src/shared/errors.ts': '',
      'src/shared/channel-names.ts': "import type { ChannelName } from './contract';",
      'src/shared/contract.ts': "import { z } from 'zod';",
      'src/main/contract/dispatch.ts': '',
    });
    expect(preloadImportsOutside(t)).toEqual([
      'src/preload/index.ts -> src/shared/contract.ts',
      'src/preload/index.ts -> zod',
      'src/preload/index.ts -> src/main/contract/dispatch.ts',
      'src/preload/index.ts -> node:path',
    ]);
    expect(preloadBundleOutside(t)).toEqual(
      expect.arrayContaining(['bundles src/shared/contract.ts', 'requires src/shared/contract.ts -> zod', 'bundles src/main/contract/dispatch.ts']),
    );
  });

  it('preload bundle: channel-names gaining a value import drags the zod contract in; type imports do not', () => {
    const sources = (channelNames: string) =>
      treeFromSources({
        'src/preload/index.ts': "import { contextBridge } from 'electron'; import { isKnownChannel } from '../shared/channel-names';",
        'src/shared/channel-names.ts': channelNames,
        'src/shared/contract.ts': "import { z } from 'zod';",
      });
    expect(preloadBundleOutside(sources("import { CHANNELS } from './contract';"))).toEqual(['bundles src/shared/contract.ts', 'requires src/shared/contract.ts -> zod']);
    expect(preloadBundleOutside(sources("import type { ChannelName } from './contract';"))).toEqual([]);
    expect(preloadBundleOutside(treeFromSources({}))).toEqual(['src/preload/index.ts is missing']);
  });
});
