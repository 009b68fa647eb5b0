// The files of a backup set beside its two databases (issue 27 §1: "backups carry the same set" as an
// export). The databases hold chats, the graph, laws, History and the Inbox; the person's facts, identity
// files and settings live as files in the home. A set of the databases alone, restored, brought back a
// History whose facts were no longer in their Markdown files (and settings from a different day), so a
// set carries both, taken together and put back together.
//
//   <set>/home/config.json, core/…, agents/…, memory/…, db/pending-identity.json, db/identity-origins.json,
//   attachments/…
//
// What is not carried: secrets.json (keys stay in the secret store of this machine and are never copied
// into a second file), memory/mem0/ (written by mem0's library, rebuilt by it), the qdrant folder, logs,
// binaries, and files whose name starts with "." (temp files of atomic writes, locks, MemoryDir's own
// .backup copies).
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { HomePaths } from '../home';
import { PRIVATE_DIR_MODE } from '../fs/private-mode';
import { copyPrivateDurable, fsyncDir } from './health';

/** Where a set keeps the home's files. */
export const HOME_FILES_DIR = 'home';

/** What a set carries, relative to the home (forward slashes). Folders are carried whole, minus EXCLUDED. */
export function carriedRoots(paths: HomePaths): string[] {
  const rel = (p: string) => relative(paths.root, p).split(sep).join('/');
  // Attachments (issue 29 §1): the files app.sqlite's messages name by hash; a set without them would restore chats whose files are gone.
  return [rel(paths.config), rel(paths.core), rel(paths.agents), rel(paths.memory), rel(join(paths.db, 'pending-identity.json')), rel(paths.identityOrigins), rel(paths.attachments)];
}

/** Below the carried roots, but not the person's records: rebuilt, or written by another program. */
const EXCLUDED = new Set(['memory/mem0']);

export interface HomeFilesInfo {
  count: number;
  bytes: number;
}

/** Every carried file under `root` (the live home or a set's `home/`), relative, forward slashes, sorted. */
export function listCarried(root: string, roots: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (relPath: string): void => {
    if (EXCLUDED.has(relPath)) return;
    const name = relPath.split('/').at(-1)!;
    if (name.startsWith('.')) return;
    let st;
    try {
      st = lstatSync(join(root, relPath));
    } catch {
      return; // not there (or gone meanwhile): nothing to carry
    }
    if (st.isDirectory()) {
      let names: string[];
      try {
        names = readdirSync(join(root, relPath));
      } catch {
        return;
      }
      for (const n of names.sort()) visit(`${relPath}/${n}`);
    } else if (st.isFile()) {
      out.push(relPath);
    }
    // Symbolic links are neither followed nor carried: a link could point anywhere on the disk.
  };
  for (const r of roots) visit(r);
  return out;
}

/**
 * Copies the home's carried files into `setDir/home/`, each fsynced. Each file is copied whole (writes in
 * the home are atomic renames, so a copy sees one version or the other, never half of one).
 */
export function copyHomeFiles(paths: HomePaths, setDir: string): HomeFilesInfo {
  const dest = join(setDir, HOME_FILES_DIR);
  let bytes = 0;
  const files = listCarried(paths.root, carriedRoots(paths));
  for (const rel of files) {
    const to = join(dest, ...rel.split('/'));
    mkdirSync(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      copyPrivateDurable(join(paths.root, ...rel.split('/')), to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed since it was listed
      throw err;
    }
    bytes += lstatSync(to).size;
  }
  return { count: listCarried(dest, carriedRoots(paths)).length, bytes };
}

/** Whether a set carries the home's files (sets made before issue 27 hold the databases only). */
export function setCarriesHomeFiles(setDir: string): boolean {
  return existsSync(join(setDir, HOME_FILES_DIR));
}

/**
 * The slow half of a restore: a copy of the set's files staged beside the home (in `staging`), fsynced,
 * nothing live touched yet.
 */
export function stageHomeFiles(paths: HomePaths, setDir: string, staging: string): void {
  rmSync(staging, { recursive: true, force: true });
  const from = join(setDir, HOME_FILES_DIR);
  for (const rel of listCarried(from, carriedRoots(paths))) {
    const to = join(staging, ...rel.split('/'));
    mkdirSync(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
    copyPrivateDurable(join(from, ...rel.split('/')), to);
  }
}

/**
 * The quick half. A file the set brings replaces the live one by a single rename, after the live one was
 * hard-linked into `aside`: at every moment the home holds one whole version of it, the one before or the
 * one restored. (Moving every live file aside first and then renaming the copies in left config.json,
 * USER.md and every scope file missing for the length of the swap: a crash there started the app without
 * its settings until the restore was repeated.) Live files the set does not bring are then moved aside, so
 * nothing written after the backup survives next to what comes back, and nothing is lost either.
 * Excluded folders (mem0's) and dot-files stay where they are.
 */
export function swapHomeFiles(paths: HomePaths, staging: string, aside: string): void {
  const roots = carriedRoots(paths);
  const incoming = listCarried(staging, roots);
  const local = (root: string, rel: string): string => join(root, ...rel.split('/'));
  for (const rel of incoming) {
    keepAside(local(paths.root, rel), local(join(aside, HOME_FILES_DIR), rel));
    moveFile(local(staging, rel), local(paths.root, rel));
  }
  const brought = new Set(incoming);
  for (const rel of listCarried(paths.root, roots)) {
    if (!brought.has(rel)) moveFile(local(paths.root, rel), local(join(aside, HOME_FILES_DIR), rel));
  }
  rmSync(staging, { recursive: true, force: true });
  fsyncDir(paths.root);
}

/** A second name for a live file in `to` (a copy where the file system has no hard links); nothing if it is not there. */
function keepAside(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    linkSync(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    copyPrivateDurable(from, to);
  }
  fsyncDir(dirname(to));
}

function moveFile(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
  renameSync(from, to);
  fsyncDir(dirname(to));
}
