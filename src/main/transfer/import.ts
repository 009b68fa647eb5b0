// `monad import`: a Monad transcript, a Monad export archive, or a ChatGPT conversations.json.
//
// The file is untrusted input. It is read as a stream (json-stream.ts: chats one at a time, no string
// beyond the message cap), every field is validated with the contract's schemas (positions.ts), every
// text that can reach a prompt goes through the fact sanitizer (import-clean.ts), config comes in only
// as far as import-config.ts allows, and identity files wait for the person's review
// (identity-review.ts). The report says what was added, skipped, refused and left out, and where.
//
// A monad-export v2 also brings facts with their sources and earlier texts (import-facts.ts), the
// History (import-journal.ts), the Inbox's rejections (import-inbox.ts) and chats' branches; a v1
// archive imports as it always did, and the report says what v1 could not carry.
//
// This file is the run: the stream, the transaction, the writes and the small sections after the chats;
// each format's chats are read, validated and cleaned in import-chats.ts.
//
// Idempotent (stable ids derived from the source: importing twice adds nothing) and all or nothing:
// both databases are written in open transactions and every file the import may touch is snapshotted
// before the first write, so any failure puts all of it back.
import { replyMemoryOf } from '../../shared/receipt';
import type { Config } from '../../shared/config';
import type { ImportReport } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { ImportPorts } from './transfer-ports';
import { MAX_CORE_FILE_BYTES } from '../memory/core/identity-files';
import { archiveConfigSchema, archiveIdentitySchema, transcriptAgentsSchema, type ArchiveConfig } from './formats';
import { dateSchema } from './formats-fields';
import { FileTransaction } from './file-transaction';
import { identityTarget, pendingId, type IdentityReview, type PendingIdentity } from './identity-review';
import { KnownSecrets } from '../memory/facts/sanitize-known-secrets';
import { ImportCleaner, printable } from './import-clean';
import { mergeImportedConfig } from './import-config';
import { historyCutoff } from './export-memory';
import { FactImport } from './import-facts';
import { importGraph } from './import-graph';
import { importInbox } from './import-inbox';
import { importLaws } from './import-laws';
import { JournalImport } from './import-journal';
import { NO_IMPORTED_IDS } from './imported-ids';
import { OversizeString, streamJson, type JsonPath, type JsonSink, type TextChunks } from './json-stream';
import { formatPath, validate } from './positions';
import { ChatReader, LABEL, type Format, type SessionIn } from './import-chats';
import { linkAttachments } from '../attachments/attachment-store';
import type { ArchiveAttachment } from '../attachments/attachment-archive';

export type { ImportReport };

export interface ImportSource {
  open: () => TextChunks;
  /** The file's name, for the report and the pending identity files' "source". */
  name: string | null;
}

const UNRECOGNISED =
  'Unrecognised file: expected a Monad transcript ({"format":"monad-transcript"}), a Monad export ({"format":"monad-export"}) a ChatGPT conversations.json (an array) or an MCP memory graph (memory.jsonl).';

export function runImport(engine: ImportPorts, review: IdentityReview, source: ImportSource): ImportReport {
  return new ImportRun(engine, review, source).execute();
}

export function emptyReport(): ImportReport {
  return {
    format: 'transcript',
    agents: { added: 0 },
    sessions: { added: 0, skipped: 0 },
    messages: { added: 0, skipped: 0 },
    facts: { added: 0, skipped: 0 },
    identity: { pending: 0, unchanged: 0 },
    graph: { nodes: 0, edges: 0 },
    laws: { added: 0, skipped: 0 },
    cleaned: { redactions: 0, strippedChars: 0 },
    imagesNotImported: 0,
    refused: [],
    refusedTotal: 0,
    leftOut: [],
    pendingIdentity: [],
    warnings: [],
  };
}

class ImportRun implements JsonSink {
  private readonly report = emptyReport();
  private readonly cleaner: ImportCleaner;
  /** Each format's chats, validated and cleaned (import-chats.ts); written by write() below. */
  private readonly chats: ChatReader;
  private readonly files = new FileTransaction();
  private top: 'array' | 'object' | null = null;
  private format: Format | null = null;
  private versionSeen = false;
  private version: 1 | 2 = 1;
  /** Chats (and History entries) that came before the "format" key (a hand-written file): kept raw until it is known. */
  private early: { path: JsonPath; index: number; raw: unknown }[] = [];
  /** v2 History, parked as it streams until the rows it names are in (import-journal.ts). */
  private journal: JournalImport | null = null;
  /** Chats the import added with a chat model of their own: set once the config (and its providers) is in. */
  private readonly chatModels: { sessionId: string; model: string }[] = [];
  private props = new Map<string, unknown>();
  private agentsUsed = new Set<string>();
  private stmts: ReturnType<ImportRun['prepare']> | null = null;
  /** What the file holds, by its own ids: the only records its graph and laws may name (import-graph.ts). */
  private readonly archiveSessions = new Set<string>();
  private readonly archiveMessages = new Set<string>();

  constructor(
    private readonly engine: ImportPorts,
    private readonly review: IdentityReview,
    private readonly source: ImportSource,
  ) {
    // The secret store's values, read once: an archive can carry a key the person saved here.
    this.cleaner = new ImportCleaner(this.report, KnownSecrets.from(engine.secrets.values()));
    this.chats = new ChatReader(this.cleaner, this.report, (s, at) => this.write(s, at));
  }

  execute(): ImportReport {
    const { engine, files } = this;
    // Snapshots first, before any write (a snapshot after the first fact write once missed the index).
    files.snapshot(engine.config.path);
    files.snapshotDir(engine.paths.memory);
    files.snapshot(this.review.path);
    const app = engine.appDb;
    const mem = engine.memoryDb;
    app.exec('BEGIN IMMEDIATE');
    mem.exec('BEGIN IMMEDIATE');
    try {
      this.stmts = this.prepare();
      // All or nothing (below), so the file is verified only if the one parse fails (json-stream.ts).
      streamJson(this.source.open, this, { verify: 'on-failure' });
      this.finish();
      app.exec('COMMIT');
      mem.exec('COMMIT');
    } catch (err) {
      if (app.inTransaction) app.exec('ROLLBACK');
      if (mem.inTransaction) mem.exec('ROLLBACK');
      files.restore();
      engine.config.reload();
      throw err;
    } finally {
      this.journal?.dispose();
    }
    for (const agentId of this.agentsUsed) engine.events.emit('sessions.changed', { agentId });
    return this.report;
  }

  private prepare() {
    const app = this.engine.appDb;
    return {
      // recall_block / recall_built_at are never written: a session's recall is rebuilt on its next turn.
      insertSession: app.prepare(
        `INSERT OR IGNORE INTO sessions (id, agent_id, title, workspace, project_key, incognito, created_at, updated_at)
         VALUES (?, ?, ?, NULL, ?, ?, ?, ?)`,
      ),
      insertMessage: app.prepare(
        `INSERT OR IGNORE INTO messages (id, session_id, role, content, tool_calls, tool_call_id, usage_input, usage_output, error, created_at, receipt, receipt_summary, edit_root, inactive, origin, model_provider, model_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      // Only a chat the import added gets the file's chat model: a chat already here keeps its own.
      chatModel: app.prepare(`UPDATE sessions SET chat_model = ? WHERE id = ? AND chat_model IS NULL`),
      settings: app.prepare(`UPDATE sessions SET settings = ? WHERE id = ?`),
      messageOwner: app.prepare(`SELECT session_id FROM messages WHERE id = ?`).pluck(),
    };
  }

  // ---- JsonSink: what the streaming reader hands over ---------------------------------------------

  begin(kind: 'array' | 'object' | 'scalar'): void {
    if (kind === 'scalar') throw new MonadError('BAD_INPUT', UNRECOGNISED);
    this.top = kind;
    if (kind === 'array') this.setFormat('chatgpt');
  }

  itemize(path: JsonPath): boolean {
    return (this.top === 'array' && path.length === 0) || (this.top === 'object' && path.length === 1 && (path[0] === 'sessions' || path[0] === 'journal'));
  }

  item(path: JsonPath, index: number, raw: unknown): void {
    if (this.format === 'chatgpt') return this.chats.conversation(index, raw);
    if (this.format === null) this.early.push({ path, index, raw });
    else this.itemOf(path, index, raw);
  }

  private itemOf(path: JsonPath, index: number, raw: unknown): void {
    if (path[0] !== 'journal') return this.session(index, raw);
    // A transcript has no History: a "journal" there is the wrong file, said plainly.
    if (this.format !== 'export') throw new MonadError('BAD_INPUT', `${this.label()}: at journal: only a Monad export carries History`, { path: 'journal', issues: [] });
    this.journal ??= new JournalImport({ memoryDb: this.engine.memoryDb, cleaner: this.cleaner, report: this.report, cutoff: historyCutoff(this.engine) });
    this.journal.item(index, raw);
  }

  property(key: string, value: unknown): void {
    switch (key) {
      case 'format':
        if (value === 'monad-transcript') this.setFormat('transcript');
        else if (value === 'monad-export') this.setFormat('export');
        else throw new MonadError('BAD_INPUT', UNRECOGNISED);
        for (const e of this.early.splice(0)) this.itemOf(e.path, e.index, e.raw);
        return;
      case 'version': {
        // A transcript is version 1 only; an export is 1 (texts only) or 2 (with sources and History). The
        // format may come after the version in a hand-written file: finish() checks the pair again.
        const readable = this.format === 'transcript' ? [1] : [1, 2];
        if (!readable.includes(value as number)) {
          throw new MonadError('BAD_INPUT', `${this.label()}: at version: this Monad reads version ${readable.join(' or ')} (the file says ${printable(JSON.stringify(value) ?? '', 20)})`, { path: 'version', issues: [] });
        }
        this.version = value as 1 | 2;
        this.versionSeen = true;
        return;
      }
      case 'sessions':
      case 'journal':
        // An itemized array never arrives here: anything else is the wrong shape.
        throw new MonadError('BAD_INPUT', `${this.label()}: at ${key}: expected an array of ${key === 'sessions' ? 'chats' : 'History entries'}`, { path: key, issues: [] });
      default:
        this.props.set(key, value);
    }
  }

  // ---- formats ----------------------------------------------------------------------------------------

  private setFormat(format: Format): void {
    this.format = format;
    this.report.format = format;
  }

  private label(): string {
    return this.format ? LABEL[this.format] : 'Import file';
  }

  private session(index: number, raw: unknown): void {
    if (this.format === 'transcript') this.chats.transcriptSession(index, raw);
    else this.chats.archiveSession(index, raw);
  }

  // ---- writes -----------------------------------------------------------------------------------------

  private write(s: SessionIn, at: JsonPath): void {
    const st = this.stmts!;
    this.agentsUsed.add(s.agentId);
    const res = st.insertSession.run(s.id, s.agentId, s.title, s.projectKey, s.incognito ? 1 : 0, s.createdAt, s.updatedAt);
    if (res.changes) {
      this.report.sessions.added++;
      if (s.chatModel) this.chatModels.push({ sessionId: s.id, model: s.chatModel });
      if (s.settings) st.settings.run(s.settings, s.id); // only a chat the import added: one here keeps its own
    } else this.report.sessions.skipped++;
    // Only an export's graph and laws name chats and messages (finish()): other formats keep no list of ids.
    const carried = this.format === 'export';
    if (carried) this.archiveSessions.add(s.id);
    for (const m of s.messages) {
      const owner = st.messageOwner.get(m.id) as string | undefined;
      if (owner !== undefined && owner !== s.id) {
        throw new MonadError('CONFLICT', `${this.label()}: at ${formatPath(at)}: message id ${m.id} already belongs to another chat`, { path: formatPath(at), issues: [] });
      }
      if (carried) this.archiveMessages.add(m.id);
      const receipt = m.receipt ? [JSON.stringify(m.receipt), JSON.stringify(replyMemoryOf(m.receipt))] : [null, null];
      const r = st.insertMessage.run(
        m.id,
        s.id,
        m.role,
        m.content,
        m.toolCalls ? JSON.stringify(m.toolCalls) : null,
        m.toolCallId,
        m.usage?.input ?? null,
        m.usage?.output ?? null,
        m.error,
        m.createdAt,
        ...receipt,
        m.editRoot ?? null,
        m.inactive ?? 0,
        m.origin ?? null,
        m.writtenBy?.provider ?? null, // the model that wrote a reply (issue 29 §2)
        m.writtenBy?.model ?? null,
      );
      if (r.changes) {
        this.report.messages.added++;
        if (m.attachments?.length) this.attach(m.id, m.attachments, at);
      } else this.report.messages.skipped++;
    }
  }

  /**
   * A message's files (issue 29 §1), each stored only if its bytes pass the same checks an attached file
   * does (attachments/attachment-archive.ts); a refused file is left out and named in the report.
   */
  private attach(messageId: string, files: ArchiveAttachment[], at: JsonPath): void {
    const kept: { id: string; name: string }[] = [];
    files.forEach((f, i) => {
      try {
        kept.push({ id: this.engine.attachments.fromArchive(f, (t) => this.cleaner.messageText(t)), name: f.name });
      } catch (err) {
        if (!(err instanceof MonadError)) throw err;
        this.report.warnings.push(`The attached file ${printable(f.name)} (file ${i + 1} of message ${messageId} at ${formatPath(at)}) was left out: ${err.message}`);
      }
    });
    if (kept.length) linkAttachments(this.engine.appDb, messageId, kept);
  }

  /** After the stream: the small sections, in dependency order, then config. */
  private finish(): void {
    if (this.top === 'object' && this.format === null) throw new MonadError('BAD_INPUT', UNRECOGNISED);
    if (this.top === 'object' && !this.versionSeen) {
      throw new MonadError('BAD_INPUT', `${this.label()}: at version: required (1)`, { path: 'version', issues: [] });
    }
    if (this.format === 'transcript' && this.version !== 1) {
      throw new MonadError('BAD_INPUT', `${this.label()}: at version: this Monad reads version 1 (the file says ${this.version})`, { path: 'version', issues: [] });
    }
    const named = new Map<string, string>();
    let incoming: ArchiveConfig | null = null;
    if (this.format === 'transcript') {
      for (const a of validate(transcriptAgentsSchema, this.props.get('agents') ?? [], LABEL.transcript, ['agents'])) named.set(a.id, a.name);
    }
    if (this.format === 'export') {
      const p = (k: string, fallback: unknown) => (this.props.has(k) ? this.props.get(k) : fallback);
      if (this.props.has('exportedAt')) validate(dateSchema, this.props.get('exportedAt'), LABEL.export, ['exportedAt']);
      incoming = validate(archiveConfigSchema, p('config', {}), LABEL.export, ['config']);
      const carried = { sessions: this.archiveSessions, messages: this.archiveMessages };
      const facts = new FactImport({ engine: this.engine, cleaner: this.cleaner, report: this.report, sourceName: this.source.name, carried });
      const journal = this.journal;
      // History of facts first, so the import's own entries come after it in History.
      journal?.apply(new Set(['facts', 'identity']), NO_IMPORTED_IDS, facts.ids, carried);
      if (this.version === 2) facts.v2(p('facts', {}));
      else facts.v1(p('facts', {}));
      // The API's rules for relations and laws, and no id that the file does not hold (import-graph.ts).
      const deps = { memoryDb: this.engine.memoryDb, appDb: this.engine.appDb, now: this.engine.now, cleaner: this.cleaner, report: this.report };
      const ids = { sessions: this.archiveSessions, messages: this.archiveMessages, facts: facts.ids };
      const graph = importGraph({ ...deps, archiveVersion: this.version }, p('graph', {}), ids);
      const laws = importLaws(deps, p('laws', []), graph, ids);
      const imported = { nodes: graph.nodes, edges: graph.edges, laws };
      journal?.apply(new Set(['graph', 'laws']), imported, facts.ids, carried);
      journal?.finish();
      facts.versions(journal?.idMap ?? new Map());
      this.report.leftOut.push(...facts.reportLines());
      if (this.version === 2) {
        const linkDeps = { memoryDb: this.engine.memoryDb, cleaner: this.cleaner, now: this.engine.now, pendingIds: () => new Set(this.engine.links.pending().map((l) => l.id)) };
        const inbox = importInbox(linkDeps, p('inbox', {}), { ...ids, edges: graph.edges, journal: journal?.idMap ?? new Map() });
        this.report.inbox = { rejections: inbox.rejections, links: inbox.links };
        this.report.leftOut.push(...inbox.leftOut);
        this.report.history = { added: journal?.added ?? 0, skipped: journal?.skipped ?? 0 };
        if (journal) this.report.leftOut.push(...journal.reportLines());
      } else {
        this.report.leftOut.push(
          'This is a version 1 archive: its facts came without their sources or earlier texts (they are marked "imported"), and it holds no History, no Inbox decisions and no chat branches (set-aside messages, if any, are in the chats as plain messages). Export again from a newer Monad to bring those.',
        );
      }
      this.identity(p('identity', {}));
    }
    if (this.chats.workspacesDropped) {
      this.report.leftOut.push(`Workspace folders of ${this.chats.workspacesDropped} chat${this.chats.workspacesDropped === 1 ? '' : 's'}: a folder named in a file is never trusted; set it again in the chat's settings.`);
    }
    if (this.chats.recallDropped) {
      this.report.leftOut.push(`Frozen recall blocks of ${this.chats.recallDropped} chat${this.chats.recallDropped === 1 ? '' : 's'}: rebuilt from your own memory on each chat's next turn.`);
    }
    if (this.chats.promptsDropped) {
      const n = this.chats.promptsDropped;
      this.report.leftOut.push(`The instructions of ${n} chat${n === 1 ? '' : 's'}: text from a file never becomes instructions to the model; if you trust them, copy them into the chat's settings.`);
    }
    this.config(incoming, named);
    this.chatModelsOf();
  }

  /** Like an agent's model choice: a chat's model is kept only on a provider this home has after the import (a file never picks your endpoint). */
  private chatModelsOf(): void {
    const providers = new Set(this.engine.config.get().models.providers.map((p) => p.id));
    let dropped = 0;
    for (const c of this.chatModels) {
      if (providers.has((JSON.parse(c.model) as { provider: string }).provider)) this.stmts!.chatModel.run(c.model, c.sessionId);
      else dropped++;
    }
    if (dropped) this.report.leftOut.push(`The chat model of ${dropped} chat${dropped === 1 ? '' : 's'}: it names a provider this Monad does not have (providers with a key stay behind); those chats use their agent's model.`);
  }

  private config(incoming: ArchiveConfig | null, named: Map<string, string>): void {
    // Merged into the settings as they are on disk at the moment of writing, under the config lock: the
    // person (or another import) may have changed them while this import ran, and their change stays.
    let merged: ReturnType<typeof mergeImportedConfig> | null = null;
    const apply = (current: Config) => (merged = mergeImportedConfig({ current, incoming, named, used: this.agentsUsed, secrets: this.engine.secrets, cleaner: this.cleaner }));
    const preview = apply(this.engine.config.get());
    if (!sameConfig(preview.config, this.engine.config.get())) this.engine.config.update((fresh) => apply(fresh).config);
    const done = merged ?? preview;
    this.report.agents.added = done.agentsAdded;
    this.report.leftOut.push(...done.leftOut);
  }

  /** Identity files become pending items for the person's review; nothing is written to them here. */
  private identity(raw: unknown): void {
    const files = validate(archiveIdentitySchema, raw, LABEL.export, ['identity']);
    const staged: PendingIdentity[] = [];
    const exportedAt = typeof this.props.get('exportedAt') === 'string' ? String(this.props.get('exportedAt')).slice(0, 10) : null;
    const source = [this.source.name ? printable(this.source.name, 120) : null, exportedAt ? `Monad export of ${exportedAt}` : 'Monad export'].filter(Boolean).join(' · ');
    for (const [rel, content] of Object.entries(files)) {
      const where = formatPath(['identity', rel]);
      const target = identityTarget(rel);
      if (!target) {
        this.report.warnings.push(`Ignored an identity file with an unexpected path: ${printable(rel, 120)}`);
        continue;
      }
      if (content instanceof OversizeString || Buffer.byteLength(content) > MAX_CORE_FILE_BYTES) {
        this.cleaner.refuse(where, 'identity file', `larger than ${MAX_CORE_FILE_BYTES / 1024} KB, the most an identity file may hold`, '');
        continue;
      }
      const cleaned = this.cleaner.identityText(content.replace(/^\uFEFF/, ''));
      const clean = cleaned.text;
      const current = this.review.current(target.file, target.agentId);
      if (current.content !== null && current.content === clean) {
        this.report.identity.unchanged++;
        continue;
      }
      if (!clean.trim()) continue;
      const item: PendingIdentity = {
        id: pendingId(target.file, target.agentId, clean),
        file: target.file,
        agentId: target.agentId,
        content: clean,
        source,
        importedAt: this.engine.now().toISOString(),
        cleaned: { redactions: cleaned.redactions, strippedChars: cleaned.strippedChars },
      };
      staged.push(item);
      this.report.identity.pending++;
      this.report.pendingIdentity.push(item.id);
    }
    this.review.stage(staged);
  }
}

function sameConfig(a: Config, b: Config): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
