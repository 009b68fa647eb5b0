// Installing the qdrant binary: a local HTTP server plays the GitHub release page, serving an archive
// and its checksum (good, corrupt, truncated, missing checksum). Nothing is ever left half-installed.
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
import { parseChecksum, qdrantRelease, qdrantTarget } from '../../src/main/memory/qdrant/release';
import { tempHome } from '../helpers/temp-home';

type Behaviour = 'good' | 'corrupt' | 'truncated' | 'no-checksum' | 'flaky';

interface ReleaseServer {
  baseUrl: string;
  hits: string[];
  close(): Promise<void>;
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

async function releaseServer(archive: Buffer, asset: string, behaviour: Behaviour): Promise<ReleaseServer> {
  const sum = createHash('sha256').update(archive).digest('hex');
  const hits: string[] = [];
  let archiveHits = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.push(path);
    if (path.endsWith('.sha256')) {
      if (behaviour === 'no-checksum') {
        res.writeHead(404).end('Not Found');
        return;
      }
      // The first spelling (without the archive extension) is what qdrant's release tooling publishes.
      if (!path.endsWith(`${asset.replace(/\.tar\.gz$/, '')}.sha256`)) {
        res.writeHead(404).end('Not Found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${sum}  ${asset}\n`);
      return;
    }
    if (path.endsWith(asset)) {
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
  return { baseUrl: `http://127.0.0.1:${port}/qdrant/releases/download`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

function setup(behaviour: Behaviour) {
  const home = tempHome();
  const archive = buildArchive(home);
  const root = join(home, 'bin', 'qdrant');
  return { home, root, archive, behaviour };
}

const linuxRelease = (baseUrl: string) => qdrantRelease({ baseUrl, platform: 'linux', arch: 'x64', glibc: true })!;

describe('qdrant release selection', () => {
  it('maps every published OS/arch to its release asset, and refuses the rest', () => {
    expect(qdrantTarget('linux', 'x64', true)).toBe('x86_64-unknown-linux-gnu');
    expect(qdrantTarget('linux', 'x64', false)).toBe('x86_64-unknown-linux-musl');
    expect(qdrantTarget('linux', 'arm64', true)).toBe('aarch64-unknown-linux-musl');
    expect(qdrantTarget('darwin', 'arm64', false)).toBe('aarch64-apple-darwin');
    expect(qdrantTarget('darwin', 'x64', false)).toBe('x86_64-apple-darwin');
    expect(qdrantTarget('win32', 'x64', false)).toBe('x86_64-pc-windows-msvc');
    expect(qdrantTarget('win32', 'arm64', false)).toBeNull();
    expect(qdrantTarget('freebsd', 'x64', false)).toBeNull();
    const win = qdrantRelease({ platform: 'win32', arch: 'x64', version: '1.2.3' })!;
    expect(win.url).toBe('https://github.com/qdrant/qdrant/releases/download/v1.2.3/qdrant-x86_64-pc-windows-msvc.zip');
    expect(win.binaryName).toBe('qdrant.exe');
    expect(win.checksumUrls[0]).toBe('https://github.com/qdrant/qdrant/releases/download/v1.2.3/qdrant-x86_64-pc-windows-msvc.sha256');
  });

  it('reads a checksum file with or without a file name', () => {
    const hex = 'a'.repeat(64);
    expect(parseChecksum(`${hex}  qdrant.tar.gz\n`)).toBe(hex);
    expect(parseChecksum(hex.toUpperCase())).toBe(hex);
    expect(parseChecksum('nothing here')).toBeNull();
  });
});

describe('qdrant download and install', () => {
  it('good archive: downloads with progress, verifies the checksum, installs atomically, and is reused', async () => {
    const t = setup('good');
    const srv = await releaseServer(t.archive, 'qdrant-x86_64-unknown-linux-gnu.tar.gz', 'good');
    const release = linuxRelease(srv.baseUrl);
    const progress: { received: number; total: number | null }[] = [];
    const done = await installQdrant({ root: t.root, release, onProgress: (p) => progress.push(p), backoffMs: 1 });
    expect(done.binary).toBe(join(t.root, release.version, 'qdrant'));
    expect(readFileSync(done.binary, 'utf8')).toContain('fake qdrant');
    expect(statSync(done.binary).mode & 0o111).not.toBe(0);
    expect(done.archiveSha256).toBe(createHash('sha256').update(t.archive).digest('hex'));
    expect(progress.at(-1)).toEqual({ received: t.archive.length, total: t.archive.length });
    // Only the version directory remains: no temp directory, no archive, nothing else from the tarball.
    expect(readdirSync(t.root)).toEqual([release.version]);
    expect(readdirSync(join(t.root, release.version)).sort()).toEqual(['install.json', 'qdrant']);
    expect(installedQdrant(t.root, release)?.binary).toBe(done.binary);

    const hitsBefore = srv.hits.length;
    await installQdrant({ root: t.root, release });
    expect(srv.hits.length).toBe(hitsBefore); // already installed: no network at all
  });

  it('corrupt archive: rejected on checksum, retried, and nothing is installed', async () => {
    const t = setup('corrupt');
    const srv = await releaseServer(t.archive, 'qdrant-x86_64-unknown-linux-gnu.tar.gz', 'corrupt');
    const release = linuxRelease(srv.baseUrl);
    const err = await installQdrant({ root: t.root, release, attempts: 3, backoffMs: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect(err.kind).toBe('checksum');
    expect(err.message).toMatch(/does not match its published checksum/);
    expect(srv.hits.filter((h) => h.endsWith('.tar.gz'))).toHaveLength(3);
    expect(readdirSync(t.root)).toEqual([]);
    expect(installedQdrant(t.root, release)).toBeNull();
  });

  it('truncated download: detected, retried, and nothing is left behind', async () => {
    const t = setup('truncated');
    const srv = await releaseServer(t.archive, 'qdrant-x86_64-unknown-linux-gnu.tar.gz', 'truncated');
    const release = linuxRelease(srv.baseUrl);
    const err = await installQdrant({ root: t.root, release, attempts: 2, backoffMs: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect(err.kind).toBe('truncated');
    expect(srv.hits.filter((h) => h.endsWith('.tar.gz'))).toHaveLength(2);
    expect(readdirSync(t.root)).toEqual([]);
  });

  it('a dropped connection is retried and the second attempt installs', async () => {
    const t = setup('flaky');
    const srv = await releaseServer(t.archive, 'qdrant-x86_64-unknown-linux-gnu.tar.gz', 'flaky');
    const release = linuxRelease(srv.baseUrl);
    const done = await installQdrant({ root: t.root, release, attempts: 3, backoffMs: 1 });
    expect(existsSync(done.binary)).toBe(true);
    expect(srv.hits.filter((h) => h.endsWith('.tar.gz'))).toHaveLength(2);
    expect(readdirSync(t.root)).toEqual([release.version]);
  });

  it('no published checksum: refuses to install an unverified binary, without retrying', async () => {
    const t = setup('no-checksum');
    const srv = await releaseServer(t.archive, 'qdrant-x86_64-unknown-linux-gnu.tar.gz', 'no-checksum');
    const release = linuxRelease(srv.baseUrl);
    const err = await installQdrant({ root: t.root, release, attempts: 3, backoffMs: 1 }).catch((e) => e);
    expect(err.kind).toBe('no-checksum');
    expect(srv.hits.filter((h) => h.endsWith('.tar.gz'))).toHaveLength(0);
    expect(readdirSync(t.root)).toEqual([]);
  });

  it('an unreachable host fails as a network error', async () => {
    const t = setup('good');
    const release = linuxRelease('http://127.0.0.1:9/none');
    const err = await installQdrant({ root: t.root, release, attempts: 1 }).catch((e) => e);
    expect(err.kind).toBe('network');
    expect(readdirSync(t.root)).toEqual([]);
  });

  it('sweeps a temp directory that a killed install left behind', async () => {
    const t = setup('good');
    mkdirSync(join(t.root, '.partial-1.0.0-dead'), { recursive: true });
    writeFileSync(join(t.root, '.partial-1.0.0-dead', 'qdrant-x.tar.gz'), 'half');
    const srv = await releaseServer(t.archive, 'qdrant-x86_64-unknown-linux-gnu.tar.gz', 'good');
    const release = linuxRelease(srv.baseUrl);
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
