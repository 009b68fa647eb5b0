// The secret half of an MCP server's settings: env values marked secret, HTTP header values and the bearer
// token live in the secret store, never in config.json. Each is bound to where it may be sent: an HTTP
// secret to the URL's origin, an env secret to the whole launch it is handed to (command, arguments,
// working directory, non-secret environment: launch.ts). Pointing a server elsewhere or changing how it is
// launched (by the form, an import or a hand edit of config.json) therefore never carries its secrets
// along: they are dropped on save and ignored on use, and the person enters them again for the new launch.
import type { McpServer } from '../../shared/config';
import type { McpSecretsInput } from '../../shared/mcp';
import { maskSecret, type SecretStore } from '../secrets/secret-store';
import { launchFingerprint } from './launch';

const envRef = (serverId: string, name: string) => `mcp/${serverId}/env/${name}`;
// Header names are case-insensitive on the wire: one secret per lower-cased name.
const headerRef = (serverId: string, name: string) => `mcp/${serverId}/header/${name.toLowerCase()}`;
const tokenRef = (serverId: string) => `mcp/${serverId}/token`;

/**
 * Where a server's secrets may go: the HTTP origin, or the one stdio launch they are handed to. Secrets
 * saved before launches were bound (bound to `stdio:<command>`) match no launch and are asked for again.
 */
export function secretPlace(server: McpServer): string | null {
  if (server.transport.kind === 'stdio') return `launch:${launchFingerprint(server)}`;
  try {
    return new URL(server.transport.url).origin;
  } catch {
    return null;
  }
}

export interface ResolvedSecrets {
  env: Record<string, string>;
  headers: Record<string, string>;
  token: string | null;
}

export class McpServerSecrets {
  constructor(private readonly secrets: SecretStore) {}

  /** The values a connection uses now: only those bound to the server's current place. */
  resolve(server: McpServer): ResolvedSecrets {
    const place = secretPlace(server);
    const out: ResolvedSecrets = { env: {}, headers: {}, token: null };
    if (server.transport.kind === 'stdio') {
      for (const v of server.transport.env) {
        if (!v.secret) continue;
        const value = this.bound(envRef(server.id, v.name), place);
        if (value !== null) out.env[v.name] = value;
      }
      return out;
    }
    for (const h of server.transport.headers) {
      const value = this.bound(headerRef(server.id, h.name), place);
      if (value !== null) out.headers[h.name] = value;
    }
    out.token = this.bound(tokenRef(server.id), place);
    return out;
  }

  /** Masks of what is stored and usable, for the settings view. */
  masks(server: McpServer): { env: Record<string, string>; headers: Record<string, string>; token: string | null } {
    const r = this.resolveQuietly(server);
    const mask = (rec: Record<string, string>) => Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, maskSecret(v)]));
    return { env: mask(r.env), headers: mask(r.headers), token: r.token === null ? null : maskSecret(r.token) };
  }

  /**
   * Secrets that are stored but were saved for another launch or address (config.json edited by hand, or
   * imported): not usable, and named so Settings can ask for them again rather than show them as missing.
   * Env names, header names, and "token".
   */
  stale(server: McpServer): string[] {
    const place = secretPlace(server);
    const named: [string, string][] =
      server.transport.kind === 'stdio'
        ? server.transport.env.filter((v) => v.secret).map((v) => [v.name, envRef(server.id, v.name)])
        : [...server.transport.headers.map((h): [string, string] => [h.name, headerRef(server.id, h.name)]), ['token', tokenRef(server.id)]];
    return named.filter(([, ref]) => {
      const b = this.secrets.binding(ref);
      return b !== null && b.origin !== place;
    }).map(([name]) => name);
  }

  /**
   * Applies a save: given values are stored for `next`'s place, null removes, a name left out keeps its
   * value only while `next` still points where it was saved for; secrets of names `next` no longer has are
   * removed.
   */
  save(previous: McpServer | null, next: McpServer, input: McpSecretsInput | undefined): void {
    const place = secretPlace(next);
    const apply = (ref: string, value: string | null | undefined) => {
      if (value === null) return this.secrets.delete(ref);
      if (value !== undefined && value !== '') {
        if (place === null) return this.secrets.delete(ref);
        return this.secrets.set(ref, value, { origin: place });
      }
      const bound = this.secrets.binding(ref);
      if (bound !== null && bound.origin !== place) this.secrets.delete(ref);
    };
    const wanted = new Set<string>();
    if (next.transport.kind === 'stdio') {
      for (const v of next.transport.env) {
        if (!v.secret) continue;
        wanted.add(envRef(next.id, v.name));
        apply(envRef(next.id, v.name), input?.env?.[v.name]);
      }
    } else {
      for (const h of next.transport.headers) {
        wanted.add(headerRef(next.id, h.name));
        apply(headerRef(next.id, h.name), input?.headers?.[h.name]);
      }
      wanted.add(tokenRef(next.id));
      apply(tokenRef(next.id), input?.token);
    }
    if (previous) for (const ref of this.refsOf(previous)) if (!wanted.has(ref)) this.secrets.delete(ref);
  }

  deleteAll(server: McpServer): void {
    for (const ref of this.refsOf(server)) this.secrets.delete(ref);
  }

  private refsOf(server: McpServer): string[] {
    if (server.transport.kind === 'stdio') return server.transport.env.filter((v) => v.secret).map((v) => envRef(server.id, v.name));
    return [...server.transport.headers.map((h) => headerRef(server.id, h.name)), tokenRef(server.id)];
  }

  private bound(ref: string, place: string | null): string | null {
    const value = this.secrets.get(ref);
    if (value === null || place === null) return null;
    const b = this.secrets.binding(ref);
    return b !== null && b.origin === place ? value : null;
  }

  private resolveQuietly(server: McpServer): ResolvedSecrets {
    try {
      return this.resolve(server);
    } catch {
      // Stored in a form this host cannot read: shown as missing, so the person enters it again.
      return { env: {}, headers: {}, token: null };
    }
  }
}
