// Installing the qdrant binary: a local HTTP server plays the GitHub release page, serving an archive
// (good, corrupt, truncated, flaky). qdrant publishes no checksum file, so the installer checks the
// archive against a known SHA-256 (pinned per target in release.ts) and never asks for a `.sha256`.
// Nothing is ever left half-installed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { extractFromZip } from '../../src/main/memory/qdrant/archive';
import { InstallError, installedQdrant, installQdrant } from '../../src/main/memory/qdrant/install';
import { QDRANT_SHA256, QDRANT_VERSION, qdrantRelease, qdrantTarget } from '../../src/main/memory/qdrant/release';
import { tempHome } from '../helpers/temp-home';

type Behaviour = 'good' | 'corrupt' | 'truncated' | 'flaky';

interface ReleaseServer {
  baseUrl: string;
  hits: string[];
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A .tar.gz holding `qdrant` (a small shell script) inside a folder, built with the system tar. */
function buildArchive(dir: string): Buffer {
  const src = join(dir, 'src');
  mkdirSync(join(src, 'pkg'), { recursive: true });
  writeFileSync(join(src, 'pkg', 'README'), 'not the binary\n');
  writeFileSync(join(src, 'pkg', 'qdrant'), '#!/bin/sh\necho fake qdrant\n', { mode: 0o755 });
  const out = join(dir, 'release.tar.gz');
  execFileSync('tar', ['-czf', out, '-C', src, 'pkg']);
  return readFileSync(out);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Serves the archive under .../v<version>/<asset>, like GitHub's release downloads; 404 for anything else. */
async function releaseServer(archive: Buffer, asset: string, behaviour: Behaviour): Promise<ReleaseServer> {
  const hits: string[] = [];
  let archiveHits = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.push(path);
    if (path.endsWith(`/${asset}`)) {
      archiveHits++;
      if (behaviour === 'corrupt') {
        const bad = Buffer.from(archive);
        bad[bad.length >> 1] ^= 0xff;
        res.writeHead(200, { 'content-length': String(bad.length) }).end(bad);
        return;
      }
      if (behaviour === 'truncated' || (behaviour === 'flaky' && archiveHits === 1)) {
        // Promise the whole archive, send half, then drop the connection.
        res.writeHead(200, { 'content-length': String(archive.length) });
        res.write(archive.subarray(0, archive.length >> 1), () => res.socket?.destroy());
        return;
      }
      res.writeHead(200, { 'content-length': String(archive.length) }).end(archive);
      return;
    }
    res.writeHead(404).end('Not Found');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/qdrant/releases/download`, hits };
}

function setup() {
  const home = tempHome();
  const archive = buildArchive(home);
  const root = join(home, 'bin', 'qdrant');
  return { home, root, archive };
}

const GNU_ASSET = 'qdrant-x86_64-unknown-linux-gnu.tar.gz';

/** A Linux x64 release from the local server whose expected digest is that of the test archive. */
const linuxRelease = (baseUrl: string, archive: Buffer) => qdrantRelease({ baseUrl, platform: 'linux', arch: 'x64', glibc: true, sha256: sha256(archive) })!;

describe('qdrant release selection', () => {
  it('maps every published OS/arch to its release target, and refuses the rest', () => {
    expect(qdrantTarget('linux', 'x64', true)).toBe('x86_64-unknown-linux-gnu');
    expect(qdrantTarget('linux', 'x64', false)).toBe('x86_64-unknown-linux-musl');
    // No aarch64 gnu build is published: ARM Linux always gets the static musl one.
    expect(qdrantTarget('linux', 'arm64', true)).toBe('aarch64-unknown-linux-musl');
    expect(qdrantTarget('darwin', 'arm64', false)).toBe('aarch64-apple-darwin');
    expect(qdrantTarget('darwin', 'x64', false)).toBe('x86_64-apple-darwin');
    expect(qdrantTarget('win32', 'x64', false)).toBe('x86_64-pc-windows-msvc');
    expect(qdrantTarget('win32', 'arm64', false)).toBeNull();
    expect(qdrantTarget('freebsd', 'x64', false)).toBeNull();
    expect(qdrantRelease({ platform: 'win32', arch: 'arm64' })).toBeNull();
  });

  it('names the assets as qdrant’s release workflow uploads them, each with its pinned SHA-256', () => {
    const cases: [NodeJS.Platform, string, boolean, string][] = [
      ['linux', 'x64', true, 'qdrant-x86_64-unknown-linux-gnu.tar.gz'],
      ['linux', 'x64', false, 'qdrant-x86_64-unknown-linux-musl.tar.gz'],
      ['linux', 'arm64', true, 'qdrant-aarch64-unknown-linux-musl.tar.gz'],
      ['darwin', 'x64', false, 'qdrant-x86_64-apple-darwin.tar.gz'],
      ['darwin', 'arm64', false, 'qdrant-aarch64-apple-darwin.tar.gz'],
      ['win32', 'x64', false, 'qdrant-x86_64-pc-windows-msvc.zip'],
    ];
    for (const [platform, arch, glibc, asset] of cases) {
      const r = qdrantRelease({ platform, arch, glibc })!;
      expect(r.version).toBe(QDRANT_VERSION);
      expect(r.asset).toBe(asset);
      expect(r.url).toBe(`https://github.com/qdrant/qdrant/releases/download/v${QDRANT_VERSION}/${asset}`);
      expect(r.format).toBe(platform === 'win32' ? 'zip' : 'tar.gz');
      expect(r.binaryName).toBe(platform === 'win32' ? 'qdrant.exe' : 'qdrant');
      expect(r.sha256).toBe(QDRANT_SHA256[r.target]);
      expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    // One digest per published target, all different, and nothing pinned for a target qdrant does not build.
    expect(Object.keys(QDRANT_SHA256).sort()).toEqual(cases.map(([p, a, g]) => qdrantTarget(p, a, g)).sort());
    expect(new Set(Object.values(QDRANT_SHA256)).size).toBe(cases.length);
    // (Comparing the pin with a copy of the same literal would prove nothing; that the pin is enforced
    // on a download is the test "the pinned digest is enforced" below.)
  });

  it('another version has no known digest unless one is given; a malformed digest is refused', () => {
    const other = qdrantRelease({ platform: 'win32', arch: 'x64', version: '1.2.3' })!;
    expect(other.url).toBe('https://github.com/qdrant/qdrant/releases/download/v1.2.3/qdrant-x86_64-pc-windows-msvc.zip');
    expect(other.sha256).toBeNull();
    const hex = 'AB'.repeat(32);
    expect(qdrantRelease({ platform: 'linux', arch: 'x64', glibc: true, version: '1.2.3', sha256: ` ${hex} ` })!.sha256).toBe(hex.toLowerCase());
    expect(() => qdrantRelease({ platform: 'linux', arch: 'x64', glibc: true, sha256: 'abc' })).toThrow(/not a SHA-256/);
  });
});

describe('qdrant download and install', () => {
  it('good archive: downloads with progress, verifies the SHA-256, installs atomically, and is reused', async () => {
    const t = setup();
    const srv = await releaseServer(t.archive, GNU_ASSET, 'good');
    const release = linuxRelease(srv.baseUrl, t.archive);
    const progress: { received: number; total: number | null }[] = [];
    const done = await installQdrant({ root: t.root, release, onProgress: (p) => progress.push(p), backoffMs: 1 });
    expect(done.binary).toBe(join(t.root, release.version, 'qdrant'));
    expect(readFileSync(done.binary, 'utf8')).toContain('fake qdrant');
    expect(statSync(done.binary).mode & 0o111).not.toBe(0);
    expect(done.archiveSha256).toBe(sha256(t.archive));
    expect(progress.at(-1)).toEqual({ received: t.archive.length, total: t.archive.length });
    // One request, for the archive: no checksum file is asked for (qdrant publishes none).
    expect(srv.hits).toEqual([`/qdrant/releases/download/v${QDRANT_VERSION}/${GNU_ASSET}`]);
    // Only the version directory remains: no temp directory, no archive, nothing else from the tarball.
    expect(readdirSync(t.root)).toEqual([release.version]);
    expect(readdirSync(join(t.root, release.version)).sort()).toEqual(['install.json', 'qdrant']);
    expect(JSON.parse(readFileSync(join(t.root, release.version, 'install.json'), 'utf8'))).toMatchObject({ archiveSha256: sha256(t.archive), target: 'x86_64-unknown-linux-gnu' });
    expect(installedQdrant(t.root, release)?.binary).toBe(done.binary);

    const hitsBefore = srv.hits.length;
    await installQdrant({ root: t.root, release });
    expect(srv.hits.length).toBe(hitsBefore); // already installed: no network at all
  });

  it('the pinned digest is enforced: an archive that is not the real release is refused', async () => {
    const t = setup();
    const srv = await releaseServer(t.archive, GNU_ASSET, 'good');
    // The real pinned release, pointed at a server that serves something else under its name.
    const release = qdrantRelease({ baseUrl: srv.baseUrl, platform: 'linux', arch: 'x64', glibc: true })!;
    expect(release.sha256).toBe(QDRANT_SHA256['x86_64-unknown-linux-gnu']);
    const err = await installQdrant({ root: t.root, release, attempts: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect(err.kind).toBe('checksum');
    expect(err.message).toContain(`expected ${release.sha256!.slice(0, 12)}`);
    expect(err.message).toContain(`got ${sha256(t.archive).slice(0, 12)}`);
    expect(readdirSync(t.root)).toEqual([]);
  });

  it('corrupt archive: rejected on its SHA-256, retried, and nothing is installed', async () => {
    const t = setup();
    const srv = await releaseServer(t.archive, GNU_ASSET, 'corrupt');
    const release = linuxRelease(srv.baseUrl, t.archive);
    const err = await installQdrant({ root: t.root, release, attempts: 3, backoffMs: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect(err.kind).toBe('checksum');
    expect(err.message).toMatch(/does not match its known SHA-256/);
    expect(srv.hits.filter((h) => h.endsWith('.tar.gz'))).toHaveLength(3);
    expect(readdirSync(t.root)).toEqual([]);
    expect(installedQdrant(t.root, release)).toBeNull();
  });

  it('truncated download: detected, retried, and nothing is left behind', async () => {
    const t = setup();
    const srv = await releaseServer(t.archive, GNU_ASSET, 'truncated');
    const release = linuxRelease(srv.baseUrl, t.archive);
    const err = await installQdrant({ root: t.root, release, attempts: 2, backoffMs: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect(err.kind).toBe('truncated');
    expect(srv.hits.filter((h) => h.endsWith('.tar.gz'))).toHaveLength(2);
    expect(readdirSync(t.root)).toEqual([]);
  });

  it('a dropped connection is retried and the second attempt installs', async () => {
    const t = setup();
    const srv = await releaseServer(t.archive, GNU_ASSET, 'flaky');
    const release = linuxRelease(srv.baseUrl, t.archive);
    const done = await installQdrant({ root: t.root, release, attempts: 3, backoffMs: 1 });
    expect(existsSync(done.binary)).toBe(true);
    expect(srv.hits.filter((h) => h.endsWith('.tar.gz'))).toHaveLength(2);
    expect(readdirSync(t.root)).toEqual([release.version]);
  });

  it('a missing asset (404) is not retried', async () => {
    const t = setup();
    const srv = await releaseServer(t.archive, 'some-other-asset.tar.gz', 'good');
    const release = linuxRelease(srv.baseUrl, t.archive);
    const err = await installQdrant({ root: t.root, release, attempts: 3, backoffMs: 1 }).catch((e) => e);
    expect(err.kind).toBe('http');
    expect(err.message).toMatch(/HTTP 404/);
    expect(srv.hits).toHaveLength(1);
    expect(readdirSync(t.root)).toEqual([]);
  });

  it('no known SHA-256: refuses to install an unverified binary, without downloading anything', async () => {
    const t = setup();
    const srv = await releaseServer(t.archive, GNU_ASSET, 'good');
    const release = qdrantRelease({ baseUrl: srv.baseUrl, platform: 'linux', arch: 'x64', glibc: true, version: '9.9.9' })!;
    expect(release.sha256).toBeNull();
    const err = await installQdrant({ root: t.root, release, attempts: 3, backoffMs: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect(err.kind).toBe('no-checksum');
    expect(err.message).toMatch(/No known SHA-256 for qdrant 9\.9\.9 \(qdrant-x86_64-unknown-linux-gnu\.tar\.gz\).*publishes no checksum file/);
    expect(srv.hits).toEqual([]);
    expect(existsSync(t.root) ? readdirSync(t.root) : []).toEqual([]);
  });

  it('an unreachable host fails as a network error', async () => {
    const t = setup();
    const release = linuxRelease('http://127.0.0.1:9/none', t.archive);
    const err = await installQdrant({ root: t.root, release, attempts: 1 }).catch((e) => e);
    expect(err.kind).toBe('network');
    expect(readdirSync(t.root)).toEqual([]);
  });

  it('sweeps a temp directory that a killed install left behind', async () => {
    const t = setup();
    mkdirSync(join(t.root, '.partial-1.0.0-dead'), { recursive: true });
    writeFileSync(join(t.root, '.partial-1.0.0-dead', 'qdrant-x.tar.gz'), 'half');
    const srv = await releaseServer(t.archive, GNU_ASSET, 'good');
    const release = linuxRelease(srv.baseUrl, t.archive);
    await installQdrant({ root: t.root, release });
    expect(readdirSync(t.root)).toEqual([release.version]);
  });
});

describe('zip archives (the Windows release)', () => {
  it('extracts the named file, deflated or stored', () => {
    const home = tempHome();
    const zipPath = join(home, 'q.zip');
    writeFileSync(zipPath, makeZip([
      { name: 'docs/readme.txt', data: Buffer.from('readme'), deflate: false },
      { name: 'qdrant.exe', data: Buffer.from('MZ fake windows binary'.repeat(20)), deflate: true },
    ]));
    const dest = join(home, 'qdrant.exe');
    extractFromZip(zipPath, 'qdrant.exe', dest);
    expect(readFileSync(dest, 'utf8')).toBe('MZ fake windows binary'.repeat(20));
    expect(() => extractFromZip(zipPath, 'missing.exe', join(home, 'x'))).toThrow(/no missing.exe/);
  });
});

/** A minimal zip writer for the test (no CRC checking is done by the reader). */
function makeZip(files: { name: string; data: Buffer; deflate: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const body = f.deflate ? deflateRawSync(f.data) : f.data;
    const name = Buffer.from(f.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(f.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(f.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(files.length, 8);
  eocd.writeUInt16LE(files.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
