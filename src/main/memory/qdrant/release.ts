// Which official qdrant release to download for this machine. qdrant publishes one archive per target
// triple on its GitHub release page (`qdrant-<target>.tar.gz`, `.zip` on Windows) plus a SHA-256 file
// beside it; the installer refuses an archive it cannot verify.

/** Pinned so every install runs the same server; bump deliberately (storage formats move forward only). */
export const QDRANT_VERSION = '1.16.3';
export const QDRANT_RELEASES_URL = 'https://github.com/qdrant/qdrant/releases/download';

export interface QdrantRelease {
  version: string;
  target: string;
  /** Archive file name, e.g. qdrant-x86_64-unknown-linux-gnu.tar.gz */
  asset: string;
  format: 'tar.gz' | 'zip';
  url: string;
  /** Checksum files to try, in order (release tooling has used both spellings). */
  checksumUrls: string[];
  /** The executable inside the archive. */
  binaryName: string;
}

/** The release target triple for an OS/arch, or null when qdrant publishes no binary for it. */
export function qdrantTarget(platform: NodeJS.Platform, arch: string, glibc: boolean): string | null {
  if (platform === 'linux' && arch === 'x64') return glibc ? 'x86_64-unknown-linux-gnu' : 'x86_64-unknown-linux-musl';
  // Only a musl build is published for ARM Linux; it is static, so it runs on glibc systems too.
  if (platform === 'linux' && arch === 'arm64') return 'aarch64-unknown-linux-musl';
  if (platform === 'darwin' && arch === 'x64') return 'x86_64-apple-darwin';
  if (platform === 'darwin' && arch === 'arm64') return 'aarch64-apple-darwin';
  if (platform === 'win32' && arch === 'x64') return 'x86_64-pc-windows-msvc';
  return null;
}

function hasGlibc(): boolean {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return Boolean(header?.glibcVersionRuntime);
}

export function qdrantRelease(
  opts: { version?: string; baseUrl?: string; platform?: NodeJS.Platform; arch?: string; glibc?: boolean } = {},
): QdrantRelease | null {
  const platform = opts.platform ?? process.platform;
  const arch = opts.arch ?? process.arch;
  const target = qdrantTarget(platform, arch, opts.glibc ?? (platform === 'linux' ? hasGlibc() : false));
  if (!target) return null;
  const version = opts.version ?? QDRANT_VERSION;
  const format = platform === 'win32' ? 'zip' : 'tar.gz';
  const base = `qdrant-${target}`;
  const asset = `${base}.${format}`;
  const dir = `${(opts.baseUrl ?? QDRANT_RELEASES_URL).replace(/\/+$/, '')}/v${version}`;
  return {
    version,
    target,
    asset,
    format,
    url: `${dir}/${asset}`,
    checksumUrls: [`${dir}/${base}.sha256`, `${dir}/${asset}.sha256`],
    binaryName: platform === 'win32' ? 'qdrant.exe' : 'qdrant',
  };
}

/** The first 64-hex token of a checksum file ("<hex>  <name>" or a bare hex). */
export function parseChecksum(text: string): string | null {
  const m = /\b([0-9a-fA-F]{64})\b/.exec(text);
  return m ? m[1].toLowerCase() : null;
}
