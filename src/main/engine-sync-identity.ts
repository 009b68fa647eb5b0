// The identity kind's port onto this home (issue 30 §2), built in the composition root's room so that the
// sync room depends only on IdentitySyncPort. Another device's text is saved through IdentityFiles.write,
// the core-file editor's own path: the size limit, the secret and instruction checks (without the
// editor's "save anyway": a text this home would have asked the person to confirm is refused and reported,
// never written), the atomic write, and History's entry, attributed to sync from that device.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isValidId } from '../shared/config';
import type { CoreFileKind } from '../shared/domain';
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import type { IdentitySyncPort } from './sync/identity-ports';
import { identityKind } from './sync/identity-bridge';
import { syncOutgoing } from './engine-sync-outgoing';
import { openIdentityConflicts, pickIdentityVersion, type IdentityConflicts } from './sync/identity-conflicts';

const AGENT_FILE = /^agents\/([^/]+)\/(SOUL|AGENTS)\.md$/;

/** The file a key names, or null for a key this Monad does not write (a crafted or newer one). */
function fileOf(key: string): { kind: CoreFileKind; agentId?: string } | null {
  if (key === 'USER.md') return { kind: 'user' };
  const m = AGENT_FILE.exec(key);
  if (!m || !isValidId(m[1])) return null;
  return { kind: m[2] === 'SOUL' ? 'soul' : 'agents', agentId: m[1] };
}

export function identitySyncPort(engine: Engine): IdentitySyncPort {
  const identity = engine.facts.identity;
  const view = (key: string) => {
    const f = fileOf(key);
    return f ? identity.view(f.kind, f.agentId) : null;
  };
  return {
    keys() {
      const out: string[] = [];
      if (identity.view('user').exists) out.push('USER.md');
      const dir = engine.paths.agents;
      const agents = existsSync(dir) ? readdirSync(dir).filter(isValidId).sort() : [];
      for (const id of agents) for (const name of ['SOUL', 'AGENTS']) if (view(`agents/${id}/${name}.md`)?.exists) out.push(`agents/${id}/${name}.md`);
      return out;
    },
    read(key) {
      const v = view(key);
      if (!v || !v.exists) return null;
      // A file this home cannot read as text (too large, binary) is neither sent nor taken for a removal.
      if (v.error) throw new MonadError('BAD_INPUT', `${v.path} was not synced: it is ${v.error}. Make it a text file under 256 KB to sync it.`);
      return v.content;
    },
    editedAt(key) {
      const v = view(key);
      return v?.exists ? new Date(statSync(v.path).mtimeMs).toISOString() : null;
    },
    write(key, text, device) {
      const f = fileOf(key);
      if (!f) return `${key} is not an identity file this Monad keeps; left out`;
      const by = { actor: 'person' as const, source: { via: 'sync' as const, detail: `from device ${device}` } };
      try {
        if (text === null) identity.remove(f.kind, { agentId: f.agentId, by });
        else identity.write(f.kind, text, { agentId: f.agentId, knownSecrets: engine.secrets.values(), by });
        return null;
      } catch (err) {
        if (err instanceof MonadError) return `${key} from device ${device} was not saved here: ${err.message}`;
        throw err;
      }
    },
  };
}

/** `IdentityConflicts` for this home (its device store file: `<home>/sync/device.sqlite`). */
export function identityConflicts(engine: Engine, storeFile: string): IdentityConflicts {
  return {
    openConflicts: () => openIdentityConflicts(storeFile),
    pickIdentityVersion: (file, versionId) =>
      pickIdentityVersion({
        storeFile,
        file,
        versionId,
        // The identity kind's own reconcile, with the same memory keys, so the next `sync now` carries on from here.
        reconcile: (key, doc, memory, device, now) => identityKind(identitySyncPort(engine)).reconcile(key, doc, { device, now, memory, outgoing: syncOutgoing(engine) }),
      }),
  };
}
