// The desktop app's token for MCP over HTTP. Unlike `monad serve`'s token (new on every start), this one
// is persistent: a person pastes it once into Claude Desktop, Cursor or VS Code and it must keep working
// after Monad restarts. It lives in db/mcp-http-token, owner-only like everything in the home, is created
// on first use, and "Regenerate token" replaces it, which refuses the old one on the very next request
// (the listener reads it for each request, so no restart is involved).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';
import { withFileLock } from '../fs/file-lock';
import { PRIVATE_FILE_MODE } from '../fs/private-mode';
import { newToken } from '../http/security';

/** What a token read back from the file must look like; anything else (a hand edit gone wrong) is replaced. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,200}$/;

export class McpHttpToken {
  readonly path: string;

  constructor(dbDir: string) {
    this.path = join(dbDir, 'mcp-http-token');
  }

  /** The current token, created (owner-only) the first time it is asked for. */
  get(): string {
    const current = this.read();
    if (current) return current;
    return withFileLock(this.path, () => this.read() ?? this.write(newToken()));
  }

  /** A new token; the old one stops working at once. */
  regenerate(): string {
    return withFileLock(this.path, () => this.write(newToken()));
  }

  /** The last four characters, for "…Ab12" where the token itself is hidden. */
  mask(): string {
    return `…${this.get().slice(-4)}`;
  }

  private read(): string | null {
    if (!existsSync(this.path)) return null;
    const text = readFileSync(this.path, 'utf8').trim();
    return TOKEN_SHAPE.test(text) ? text : null;
  }

  private write(token: string): string {
    writeFileAtomic(this.path, `${token}\n`, { mode: PRIVATE_FILE_MODE });
    return token;
  }
}
