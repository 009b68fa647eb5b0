import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, waitForLine } from '../helpers/cli';
import { tempHome } from '../helpers/temp-home';

describe('monad CLI', () => {
  it('status --json reports the app status of the given home', () => {
    const home = tempHome();
    const res = runCli(['status', '--home', home, '--json']);
    expect(res.code).toBe(0);
    const s = JSON.parse(res.stdout);
    expect(s).toMatchObject({ home, host: 'cli', config: { ok: true }, db: { ok: true, schemaVersion: 1 } });
  });

  it('status honours MONAD_HOME and prints text', () => {
    const home = tempHome();
    const res = runCli(['status'], { MONAD_HOME: home });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`home:    ${home}`);
    expect(res.stdout).toMatch(/config:\s+ok/);
  });

  it('status exits non-zero and explains a broken config', () => {
    const home = tempHome();
    runCli(['status', '--home', home]);
    writeFileSync(join(home, 'config.json'), '{"agent": 1}');
    const res = runCli(['status', '--home', home]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/config:\s+ERROR/);
    expect(res.stdout).toContain('agent');
  });

  it('gives clear usage errors with exit code 2', () => {
    const unknown = runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    const badFlag = runCli(['status', '--nope']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/Unknown option '--nope'/);
    const badPort = runCli(['serve', '--port', 'abc', '--home', tempHome()]);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port must be');
  });

  it('serve prints the listening line with a token, answers, and stops on SIGTERM', async () => {
    const home = tempHome();
    const child = spawnCli(['serve', '--home', home, '--port', '0']);
    const m = await waitForLine(child, /Monad listening on (http:\/\/127\.0\.0\.1:(\d+))\/#token=([A-Za-z0-9_-]+)\n/);
    const [, url, , token] = m;
    const res = await fetch(`${url}/api/app.status`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, data: { home, host: 'server' } });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
