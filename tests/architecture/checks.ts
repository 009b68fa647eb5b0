// The architecture's checks as plain functions over the import graph (source-graph.ts): each returns the
// lines that break it, empty when the code keeps to it. architecture.test.ts runs them on src/ and, on
// small made-up trees, shows that each catches what it is meant to.
import { isNodeBuiltin, type SourceFile } from './source-graph';
import { ENGINE_IMPORTERS, MAX_LINES, pathMatches, roomOf, ROOMS, SIZE_EXCEPTIONS, type Room } from './rooms';

export type Tree = Map<string, SourceFile>;

const edgeText = (from: string, to: string, typeOnly: boolean) => `${from} -> ${to}${typeOnly ? ' (type)' : ''}`;

/**
 * Strongly connected components of the file graph with more than one file (or a file importing itself):
 * Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack. Type-only imports
 * count: a circle of types still ties the files together for a reader and for every refactoring.
 */
export function circles(tree: Tree): string[][] {
  const next = (path: string) => [...new Set((tree.get(path)?.imports ?? []).map((i) => i.target).filter((t): t is string => t !== null && tree.has(t)))];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  for (const start of [...tree.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; edges: string[]; i: number }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: next(node), i: 0 });
    };
    open(start);
    while (work.length) {
      const top = work[work.length - 1];
      if (top.i < top.edges.length) {
        const to = top.edges[top.i++];
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfImport = component.length === 1 && next(top.node).includes(top.node);
        if (component.length > 1 || selfImport) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** Each circle as lines a person can act on: its files, then the imports that tie them. */
export function describeCircles(tree: Tree): string[] {
  return circles(tree).map((files, n) => {
    const inside = new Set(files);
    const ties = files.flatMap((f) => tree.get(f)!.imports.filter((i) => i.target && inside.has(i.target)).map((i) => `    ${edgeText(f, i.target!, i.typeOnly)}`));
    return [`circle ${n + 1} (${files.length} files): ${files.join(', ')}`, ...[...new Set(ties)]].join('\n');
  });
}

/** Every import of a src file from a room on a higher floor, and every file that is in no room. */
export function upwardImports(tree: Tree, rooms: Room[] = ROOMS): string[] {
  const out: string[] = [];
  for (const file of tree.values()) {
    const from = roomOf(file.path, rooms);
    if (!from) {
      out.push(`${file.path} is in no room: place its folder in tests/architecture/rooms.ts`);
      continue;
    }
    for (const i of file.imports) {
      if (!i.target) continue;
      const to = roomOf(i.target, rooms);
      if (to && to.floor > from.floor) out.push(`${edgeText(file.path, i.target, i.typeOnly)}: ${from.name} (floor ${from.floor}) imports ${to.name} (floor ${to.floor})`);
    }
  }
  return out.sort();
}

/** Imports from `fromDir` into `toDir` (folders), which the issue names as never allowed. */
export function importsBetween(tree: Tree, fromDir: string, toDir: string): string[] {
  return [...tree.values()]
    .filter((f) => pathMatches(fromDir, f.path))
    .flatMap((f) => f.imports.filter((i) => i.target && pathMatches(toDir, i.target)).map((i) => edgeText(f.path, i.target!, i.typeOnly)))
    .sort();
}

/** src/shared is what every process loads (the renderer too): nothing from the rest of src/, no Node builtins, no electron. */
export function sharedImportsOutside(tree: Tree): string[] {
  return [...tree.values()]
    .filter((f) => pathMatches('src/shared', f.path))
    .flatMap((f) =>
      f.imports
        .filter((i) => (i.target ? !pathMatches('src/shared', i.target) : isNodeBuiltin(i.specifier) || i.specifier === 'electron' || i.specifier.startsWith('electron/')))
        .map((i) => edgeText(f.path, i.target ?? i.specifier, i.typeOnly)),
    )
    .sort();
}

/** The renderer runs in a sandboxed page: from the rest of src/ it takes only src/shared, and no Node builtin. */
export function rendererImportsOutside(tree: Tree): string[] {
  return [...tree.values()]
    .filter((f) => pathMatches('src/renderer', f.path))
    .flatMap((f) =>
      f.imports
        .filter((i) => (i.target ? !pathMatches('src/renderer', i.target) && !pathMatches('src/shared', i.target) : isNodeBuiltin(i.specifier)))
        .map((i) => edgeText(f.path, i.target ?? i.specifier, i.typeOnly)),
    )
    .sort();
}

/** The composition root (engine.ts and the files it is split into) is imported only by the hosts and by itself. */
export function engineImporters(tree: Tree, rooms: Room[] = ROOMS): string[] {
  const engine = rooms.find((r) => r.name === 'engine')!;
  const inEngine = (path: string) => roomOf(path, rooms) === engine;
  return [...tree.values()]
    .filter((f) => !inEngine(f.path) && !ENGINE_IMPORTERS.includes(roomOf(f.path, rooms)?.name ?? ''))
    .flatMap((f) => f.imports.filter((i) => i.target && inEngine(i.target)).map((i) => edgeText(f.path, i.target!, i.typeOnly)))
    .sort();
}

/** Source files over the limit, the named data tables aside. */
export function oversizeFiles(tree: Tree, max = MAX_LINES): string[] {
  const excepted = (path: string) => SIZE_EXCEPTIONS.some((e) => e.paths.some((p) => pathMatches(p, path)));
  return [...tree.values()]
    .filter((f) => f.lines > max && !excepted(f.path))
    .sort((a, b) => b.lines - a.lines)
    .map((f) => `${f.path}: ${f.lines} lines (limit ${max})`);
}

const isElectron = (specifier: string) => specifier === 'electron' || specifier.startsWith('electron/');

/**
 * The engine runs in plain Node (the CLI, `monad serve`, every test): only the desktop host
 * (src/main/electron/, src/main/index.ts) and the preload import electron, type-only imports included.
 */
export function electronImporters(tree: Tree): string[] {
  const host = (path: string) => pathMatches('src/main/electron', path) || path === 'src/main/index.ts' || pathMatches('src/preload', path);
  return [...tree.values()]
    .filter((f) => !host(f.path))
    .flatMap((f) => f.imports.filter((i) => isElectron(i.specifier)).map((i) => edgeText(f.path, i.specifier, i.typeOnly)))
    .sort();
}

/** The preload's entry, and the one src/shared file it may load at run time (a value-free list of channel names). */
export const PRELOAD_ENTRY = 'src/preload/index.ts';
export const CHANNEL_NAMES = 'src/shared/channel-names.ts';

/**
 * A sandboxed preload cannot load packages: it imports `electron` itself, its own files and the channel
 * names, and from the rest of src/shared only types (erased at build time).
 */
export function preloadImportsOutside(tree: Tree): string[] {
  return [...tree.values()]
    .filter((f) => pathMatches('src/preload', f.path))
    .flatMap((f) =>
      f.imports
        .filter((i) => {
          if (i.specifier === 'electron') return false;
          if (!i.target) return true; // a package, a Node builtin, electron/<sub> or a relative import naming no file
          if (pathMatches('src/preload', i.target) || i.target === CHANNEL_NAMES) return false;
          return !(pathMatches('src/shared', i.target) && i.typeOnly);
        })
        .map((i) => edgeText(f.path, i.target ?? i.specifier, i.typeOnly)),
    );
}

/**
 * What the preload bundle really holds: the files reached from its entry through run-time imports (type
 * imports are erased). Anything past src/preload and the channel names (e.g. channel-names gaining a value
 * import of the zod contract) would be bundled into the sandbox, and any package but electron required there.
 */
export function preloadBundleOutside(tree: Tree): string[] {
  if (!tree.has(PRELOAD_ENTRY)) return [`${PRELOAD_ENTRY} is missing`];
  const seen = new Set<string>();
  const problems: string[] = [];
  const queue = [PRELOAD_ENTRY];
  while (queue.length) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    if (!pathMatches('src/preload', path) && path !== CHANNEL_NAMES) problems.push(`bundles ${path}`);
    for (const i of tree.get(path)?.imports ?? []) {
      if (i.typeOnly) continue;
      if (i.target) queue.push(i.target);
      else if (i.specifier !== 'electron') problems.push(`requires ${edgeText(path, i.specifier, false)}`);
    }
  }
  return problems;
}

export const RENDERER_ENTRY = 'src/renderer/src/main.tsx';

/**
 * The renderer's first screen is what its entry reaches through static run-time imports (a dynamic
 * `import()` is a chunk of its own, fetched when its tab is opened; type imports are erased). Every window
 * and every e2e test's page parses and runs that bundle, so a package named in `heavy` must not be in it:
 * zod was 92 kB of the 714 kB main bundle and its schemas were built at start-up, for bounds and names a
 * zod-free module can hold. Each problem prints the chain of files that brought the package in.
 */
export function firstScreenPackages(tree: Tree, heavy: readonly string[]): string[] {
  return startPackages(tree, RENDERER_ENTRY, heavy);
}

/**
 * The packages of `heavy` that `entry` loads when it starts: those reached through static run-time imports
 * (type imports are erased; a dynamic `import()` or a require at first use loads when that code runs). Each
 * problem prints the chain of files that brought the package in.
 */
export function startPackages(tree: Tree, entry: string, heavy: readonly string[]): string[] {
  if (!tree.has(entry)) return [`${entry} is missing`];
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const problems: string[] = [];
  const chain = (path: string) => {
    const files: string[] = [];
    for (let at: string | null | undefined = path; at; at = cameFrom.get(at)) files.push(at);
    return files.reverse().join(' -> ');
  };
  while (queue.length) {
    const path = queue.shift()!;
    for (const i of tree.get(path)?.imports ?? []) {
      if (i.typeOnly || i.kind === 'dynamic') continue;
      if (i.target) {
        if (!cameFrom.has(i.target)) {
          cameFrom.set(i.target, path);
          queue.push(i.target);
        }
      } else if (heavy.some((p) => i.specifier === p || i.specifier.startsWith(`${p}/`))) {
        problems.push(`${chain(path)} -> ${i.specifier}`);
      }
    }
  }
  return problems;
}

/** What every `monad` command starts with: the entry, and the module that opens the engine. */
export const CLI_START_ENTRIES = ['src/cli/index.ts', 'src/cli/output.ts', 'src/cli/commands/serve.ts'];

/**
 * Packages that only some starts use (a model call, MCP, sync, a QR code, an import, a date in a message,
 * a seed phrase or token in a fact): loaded when first used, never by a `monad` command's or `monad
 * serve`'s start, which the CLI tests and every e2e test pay (0.75 -> 0.12 CPU-s for `monad help`,
 * 0.89 -> 0.60 for `monad search`, 0.87 -> 0.55 for `monad serve` on a new home, session 19).
 */
export const LOADED_ON_USE = [
  'ai',
  '@ai-sdk',
  '@modelcontextprotocol',
  '@qdrant',
  'mem0ai',
  'yjs',
  '@hocuspocus',
  'ws',
  'qrcode',
  'chrono-node',
  'stream-json',
  'stream-chain',
  '@scure/bip39',
  '@secretlint',
  'jsonrepair',
];
