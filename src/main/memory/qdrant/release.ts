// Which official qdrant release to download for this machine, and the SHA-256 it must have.
//
// What qdrant publishes (read in qdrant/qdrant, .github/workflows/release-artifacts.yml, and the action
// it uses, taiki-e/upload-rust-binary-action, action.yml + main.sh): each release carries one archive per
// target, named by the action's default `$bin-$target` with no leading directory inside:
//   qdrant-x86_64-unknown-linux-gnu.tar.gz    qdrant-x86_64-unknown-linux-musl.tar.gz
//   qdrant-aarch64-unknown-linux-musl.tar.gz  (no aarch64 gnu build; musl is static, runs on glibc too)
//   qdrant-x86_64-apple-darwin.tar.gz         qdrant-aarch64-apple-darwin.tar.gz
//   qdrant-x86_64-pc-windows-msvc.zip         (the Windows job builds the host triple; .zip on Windows)
// The workflow never sets the action's `checksum` input, so NO checksum file is uploaded (the action
// would only write `<archive-name>.sha256` when asked). Fetching a `.sha256` beside the archive
// therefore always 404s, and an installer that required one could never install anything.
//
// So the digests are pinned here, per target, for the pinned version. They are the SHA-256 values
// GitHub computes for each uploaded release asset (the `digest` field of the releases API, shown on the
// release page), as recorded by independent public projects that pin the same assets; every entry below
// was found in at least one such project, most in several. They could not be re-downloaded on the
// machine this was written on (no network). A wrong pin can only make the install refuse (and mem0
// falls back to its local store, saying why); it can never make a different file pass.
//
// Bumping the version: take the digests from
//   gh api repos/qdrant/qdrant/releases/tags/v<version> --jq '.assets[] | [.name, .digest]'
// and replace the whole table (storage formats move forward only: bump deliberately).

/** Pinned so every install runs the same server. 1.19.2 (published 2026-10-05) is the newest release found. */
export const QDRANT_VERSION = '1.19.2';
export const QDRANT_RELEASES_URL = 'https://github.com/qdrant/qdrant/releases/download';

/** SHA-256 of each release archive of QDRANT_VERSION, by target triple. */
export const QDRANT_SHA256: Readonly<Record<string, string>> = {
  'x86_64-unknown-linux-gnu': '34a788a09a4cb278b5c6d2af96d9a6db30c8c7e88ae3550455f7a4d425bb8d4b',
  'x86_64-unknown-linux-musl': '50b253243309ed0ae50a19f678f0d0adcc4f0b567b3bd2c5c0c7e02fa8404bb6',
  'aarch64-unknown-linux-musl': '6970b93b56fa1203f0cea47d2f330fdb654988fd56617aa77e8478cffd3c0ccb',
  'x86_64-apple-darwin': 'e095b682ad7460baff43827eaa13647b5ec97c48edcb676646ae2f4108395044',
  'aarch64-apple-darwin': 'd24dfd25f4584684b337dd30ee016472cd25f53fc2501f1cd058ab3d7ee0b019',
  'x86_64-pc-windows-msvc': '7d86596f16c6e85d45a50312f5e16ccb51e059b62e3d7308110cb65b4c799a4d',
};

export interface QdrantRelease {
  version: string;
  target: string;
  /** Archive file name, e.g. qdrant-x86_64-unknown-linux-gnu.tar.gz */
  asset: string;
  format: 'tar.gz' | 'zip';
  url: string;
  /**
   * The SHA-256 the archive must have, or null when none is known for this version and target; the
   * installer refuses to install without one.
   */
  sha256: string | null;
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

const HEX64 = /^[0-9a-f]{64}$/;

export function qdrantRelease(
  opts: {
    version?: string;
    baseUrl?: string;
    platform?: NodeJS.Platform;
    arch?: string;
    glibc?: boolean;
    /** The expected digest, for a version or mirror the pinned table does not cover (tests, overrides). */
    sha256?: string;
  } = {},
): QdrantRelease | null {
  const platform = opts.platform ?? process.platform;
  const arch = opts.arch ?? process.arch;
  const target = qdrantTarget(platform, arch, opts.glibc ?? (platform === 'linux' ? hasGlibc() : false));
  if (!target) return null;
  const version = opts.version ?? QDRANT_VERSION;
  const format = platform === 'win32' ? 'zip' : 'tar.gz';
  const asset = `qdrant-${target}.${format}`;
  const dir = `${(opts.baseUrl ?? QDRANT_RELEASES_URL).replace(/\/+$/, '')}/v${version}`;
  const given = opts.sha256?.trim().toLowerCase();
  if (given !== undefined && !HEX64.test(given)) throw new Error(`not a SHA-256 digest: ${opts.sha256}`);
  // The pinned table belongs to the pinned version only: another version's archive has other digests.
  const sha256 = given ?? (version === QDRANT_VERSION ? (QDRANT_SHA256[target] ?? null) : null);
  return {
    version,
    target,
    asset,
    format,
    url: `${dir}/${asset}`,
    sha256,
    binaryName: platform === 'win32' ? 'qdrant.exe' : 'qdrant',
  };
}
