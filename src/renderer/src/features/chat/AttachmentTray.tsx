// The composer's attachments (issue 29 §1): the paperclip button (a labelled button that opens the file
// picker; drag-and-drop and paste reach the same store from Composer.tsx) and the chips of the files
// waiting to go with the next message. Each chip shows what the engine made of its file: a thumbnail for
// an image, a PDF's page count, the first lines of a text, "Reading…" while that is being worked out, and
// the reason when it was refused. Every chip can be removed.
import { useRef } from 'react';
import { StrokeIcon } from '../../app/icons';
import { useAttachments, type PendingFile } from './attachments-store';

const PAPERCLIP = 'M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9';
const CLOSE = 'M6 6l12 12M18 6L6 18';
/** What the picker offers; anything else can still be dropped or pasted, and the engine judges the bytes. */
const PICKER_TYPES = '.txt,.md,.markdown,.csv,.tsv,.json,.jsonl,.yaml,.yml,.xml,.html,.log,.js,.ts,.tsx,.jsx,.py,.rb,.go,.rs,.java,.c,.h,.cpp,.cs,.swift,.kt,.sh,.sql,.toml,.ini,.pdf,.png,.jpg,.jpeg,.webp,.gif,text/*,image/png,image/jpeg,image/webp,image/gif,application/pdf,application/json';

export function AttachButton({ sessionId, disabled }: { sessionId: string; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="composer-button composer-attach"
        data-testid="attach"
        aria-label="Attach files"
        title="Attach files (or drop or paste them here)"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <StrokeIcon d={PAPERCLIP} size={17} />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={PICKER_TYPES}
        data-testid="attach-input"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = ''; // the same file can be picked again after it was removed
          if (files.length) useAttachments.getState().add(sessionId, files);
        }}
      />
    </>
  );
}

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function detail(f: PendingFile): string {
  if (f.state === 'reading') return 'Reading…';
  if (f.state === 'refused') return 'Not attached';
  const a = f.added!;
  if (a.kind === 'pdf') return `PDF · ${a.pages} page${a.pages === 1 ? '' : 's'}`;
  if (a.kind === 'image') return `Image · ${sizeOf(a.size)}`;
  return `${a.chars.toLocaleString()} characters`;
}

function Chip({ sessionId, file }: { sessionId: string; file: PendingFile }) {
  const preview = file.added?.preview.split('\n').filter((l) => l.trim()).slice(0, 2).join(' · ') ?? '';
  return (
    <li className={`attach-chip is-${file.state}`} data-testid="attachment-chip" data-state={file.state} aria-busy={file.state === 'reading' || undefined}>
      {file.thumb ? <img className="attach-thumb" src={file.thumb} alt="" /> : <span className="attach-kind" aria-hidden="true">{file.added?.kind === 'pdf' ? 'PDF' : file.state === 'refused' ? '!' : 'TXT'}</span>}
      <span className="attach-text">
        <span className="attach-name" title={file.name}>
          {file.name}
        </span>
        <span className="attach-detail" data-testid="attachment-detail">
          {file.state === 'reading' ? <span className="attach-spinner" aria-hidden="true" /> : null}
          {detail(file)}
        </span>
        {preview ? (
          <span className="attach-preview" data-testid="attachment-preview">
            {preview}
          </span>
        ) : null}
      </span>
      <button type="button" className="attach-remove" aria-label={`Remove ${file.name}`} title={`Remove ${file.name}`} onClick={() => useAttachments.getState().remove(sessionId, file.key)}>
        <StrokeIcon d={CLOSE} size={13} />
      </button>
    </li>
  );
}

const NONE: PendingFile[] = [];

export function AttachmentTray({ sessionId }: { sessionId: string }) {
  const files = useAttachments((s) => s.pending[sessionId] ?? NONE);
  if (!files.length) return null;
  const refused = files.filter((f) => f.state === 'refused');
  return (
    <div className="attach-tray" data-testid="attachment-tray">
      <ul className="attach-chips" aria-label="Files to send with the message">
        {files.map((f) => (
          <Chip key={f.key} sessionId={sessionId} file={f} />
        ))}
      </ul>
      {refused.length ? (
        <div className="attach-errors" role="alert" data-testid="attachment-error">
          {refused.map((f) => (
            <p key={f.key}>{f.error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
