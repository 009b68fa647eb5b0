// First-use install of the qdrant binary into bin/: download with progress, verify the SHA-256 against
// the digest pinned for that release (qdrant publishes no checksum file: see release.ts), extract, then
// move the finished directory into place with one rename.
// A failed or partial download is retried and never left half-installed: everything happens in a
// temp directory that is removed on failure, and `bin/qdrant/<version>/` exists only when complete.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdirPrivate, PRIVATE_FILE_MODE } from '../../fs/private-mode';
import { extractFromTarGz, extractFromZip } from './archive';
import type { QdrantRelease } from './release';

export interface InstallProgress {
  received: number;
  total: number | null;
}

export interface InstalledQdrant {
  version: string;
  dir: string;
  binary: string;
  /** SHA-256 of the verified archive the binary came from. */
  archiveSha256: string;
}

export type InstallErrorKind = 'network' | 'http' | 'truncated' | 'checksum' | 'no-checksum' | 'archive' | 'cancelled';

export class InstallError extends Error {
  constructor(
    readonly kind: InstallErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'InstallError';
  }
}

export interface InstallOptions {
  /** Parent of the per-version install directories (home/bin/qdrant). */
  root: string;
  release: QdrantRelease;
  fetch?: typeof fetch;
  onProgress?: (p: InstallProgress) => void;
  /** Whole attempts, including the first. */
  attempts?: number;
  /** Wait before retry n is backoffMs * 2^(n-1). */
  backoffMs?: number;
  /** Abort a download that sends nothing for this long. */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
}

const TMP_PREFIX = '.partial-';
const MANIFEST = 'install.json';

/** The install directory of a version, or null when that version is not (completely) installed. */
export function installedQdrant(root: string, release: QdrantRelease): InstalledQdrant | null {
  const dir = join(root, release.version);
  try {
    const m = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as { version: string; archiveSha256: string; target: string };
    const binary = join(dir, release.binaryName);
    if (m.version !== release.version || m.target !== release.target || !statSync(binary).isFile()) return null;
    return { version: m.version, dir, binary, archiveSha256: m.archiveSha256 };
  } catch {
    return null;
  }
}

/** Removes temp directories a crashed or killed install left behind. */
export function sweepPartialInstalls(root: string): void {
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) if (name.startsWith(TMP_PREFIX)) rmSync(join(root, name), { recursive: true, force: true });
}

export async function installQdrant(opts: InstallOptions): Promise<InstalledQdrant> {
  const existing = installedQdrant(opts.root, opts.release);
  if (existing) return existing;
  // Known before any network: without a digest to compare against, nothing is downloaded at all.
  if (!opts.release.sha256) throw noChecksum(opts.release);
  mkdirPrivate(opts.root);
  sweepPartialInstalls(opts.root);
  const attempts = Math.max(1, opts.attempts ?? 3);
  let last: InstallError | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (opts.signal?.aborted) throw new InstallError('cancelled', 'The qdrant download was cancelled');
    try {
      return await attemptInstall(opts);
    } catch (err) {
      last = err instanceof InstallError ? err : new InstallError('network', (err as Error).message);
      // A missing asset will not appear on retry; everything else (a dropped connection,
      // a corrupt or short transfer) might.
      if (last.kind === 'cancelled' || (last.kind === 'http' && /\b404\b/.test(last.message))) break;
      if (attempt < attempts) await sleep((opts.backoffMs ?? 1000) * 2 ** (attempt - 1), opts.signal);
    }
  }
  throw last ?? new InstallError('network', 'qdrant could not be installed');
}

async function attemptInstall(opts: InstallOptions): Promise<InstalledQdrant> {
  const { release, root } = opts;
  const doFetch = opts.fetch ?? fetch;
  const tmp = join(root, `${TMP_PREFIX}${release.version}-${randomBytes(4).toString('hex')}`);
  mkdirPrivate(tmp);
  try {
    const expected = release.sha256;
    if (!expected) throw noChecksum(release);
    const archive = join(tmp, release.asset);
    const actual = await download(doFetch, release.url, archive, opts);
    if (actual !== expected) {
      throw new InstallError('checksum', `The qdrant download does not match its known SHA-256 (expected ${expected.slice(0, 12)}…, got ${actual.slice(0, 12)}…)`);
    }
    const binary = join(tmp, release.binaryName);
    try {
      if (release.format === 'zip') extractFromZip(archive, release.binaryName, binary);
      else await extractFromTarGz(archive, release.binaryName, binary);
    } catch (err) {
      throw new InstallError('archive', `The qdrant archive could not be unpacked: ${(err as Error).message}`);
    }
    rmSync(archive, { force: true });
    writeFileSync(join(tmp, MANIFEST), `${JSON.stringify({ version: release.version, target: release.target, archiveSha256: actual, installedAt: new Date().toISOString() }, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
    const dir = join(root, release.version);
    if (existsSync(dir)) {
      // Another process finished the same install first: keep theirs when it is complete.
      const other = installedQdrant(root, release);
      if (other) {
        rmSync(tmp, { recursive: true, force: true });
        return other;
      }
      rmSync(dir, { recursive: true, force: true });
    }
    renameSync(tmp, dir);
    return { version: release.version, dir, binary: join(dir, release.binaryName), archiveSha256: actual };
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

function noChecksum(release: QdrantRelease): InstallError {
  return new InstallError(
    'no-checksum',
    `No known SHA-256 for qdrant ${release.version} (${release.asset}), and qdrant publishes no checksum file to check it against. Refusing to install an unverified binary.`,
  );
}

/** Streams `url` into `dest`, hashing as it goes; returns the SHA-256. */
async function download(doFetch: typeof fetch, url: string, dest: string, opts: InstallOptions): Promise<string> {
  const ctrl = new AbortController();
  const idleMs = opts.idleTimeoutMs ?? 30_000;
  let timer = setTimeout(() => ctrl.abort(new Error('stalled')), idleMs);
  const bump = () => {
    clearTimeout(timer);
    timer = setTimeout(() => ctrl.abort(new Error('stalled')), idleMs);
  };
  const onAbort = () => ctrl.abort(new Error('cancelled'));
  opts.signal?.addEventListener('abort', onAbort);
  const out = createWriteStream(dest, { mode: PRIVATE_FILE_MODE });
  let writeError: Error | null = null;
  // Late write errors (after a failed transfer destroys the stream) must not go unhandled.
  out.on('error', (err) => {
    writeError ??= err;
  });
  const hash = createHash('sha256');
  let received = 0;
  let total: number | null = null;
  try {
    let res: Response;
    try {
      res = await doFetch(url, { signal: ctrl.signal, redirect: 'follow' });
    } catch (err) {
      throw new InstallError('network', `Could not reach ${new URL(url).host}: ${causeOf(err)}`);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      throw new InstallError('http', `The qdrant download failed: HTTP ${res.status}`);
    }
    const len = Number(res.headers.get('content-length'));
    total = Number.isFinite(len) && len > 0 ? len : null;
    opts.onProgress?.({ received, total });
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bump();
        hash.update(chunk);
        received += chunk.length;
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        opts.onProgress?.({ received, total });
      }
    } catch (err) {
      if (opts.signal?.aborted) throw new InstallError('cancelled', 'The qdrant download was cancelled');
      throw new InstallError('truncated', `The qdrant download broke off after ${received} bytes: ${causeOf(err)}`);
    }
    if (total !== null && received !== total) {
      throw new InstallError('truncated', `The qdrant download is incomplete (${received} of ${total} bytes)`);
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    if (writeError) throw new InstallError('network', `The qdrant download could not be written to disk: ${(writeError as Error).message}`);
    return hash.digest('hex');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    if (!out.closed) out.destroy();
  }
}

function causeOf(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string; code?: string } };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}
