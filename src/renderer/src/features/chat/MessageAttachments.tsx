// A sent message's files (issue 29 §1): a chip each, under the message; a click opens the preview dialog,
// which asks the engine for the file's text (or, for an image, the image itself).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AttachmentPreview, AttachmentRef } from '../../../../shared/attachments';
import { Modal } from '../../app/modal';
import { attempt, invoke } from '../../lib/api';

function kindLabel(a: AttachmentRef): string {
  if (a.kind === 'pdf') return `PDF · ${a.pages ?? '?'} page${a.pages === 1 ? '' : 's'}`;
  if (a.kind === 'image') return 'Image';
  return `${a.chars.toLocaleString()} characters`;
}

function PreviewDialog({ file, onClose }: { file: AttachmentRef; onClose(): void }) {
  const [preview, setPreview] = useState<AttachmentPreview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void attempt(() => invoke('attachments.preview', { id: file.id, name: file.name })).then((p) => {
      if (!live) return;
      if (p) setPreview(p);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [file.id, file.name]);
  return (
    <Modal labelledBy="attachment-preview-title" testId="attachment-preview-dialog" className="dialog-wide attach-dialog" onClose={onClose}>
      <h2 className="dialog-title" id="attachment-preview-title">
        {file.name}
      </h2>
      <p className="dialog-message">{kindLabel(file)}</p>
      <div className="attach-dialog-body" data-testid="attachment-preview-body">
        {failed ? (
          <p>This file could not be shown.</p>
        ) : !preview ? (
          <p aria-busy="true">Loading…</p>
        ) : preview.dataUrl ? (
          <img className="attach-dialog-image" src={preview.dataUrl} alt={file.name} />
        ) : (
          <pre className="attach-dialog-text selectable" tabIndex={0} aria-label={`Text of ${file.name}`}>
            {preview.text}
            {preview.more ? '\n\n… (the rest of the file is not shown here)' : ''}
          </pre>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

export function MessageAttachments({ files }: { files: AttachmentRef[] }) {
  const [open, setOpen] = useState<AttachmentRef | null>(null);
  return (
    <>
      <ul className="msg-attachments" aria-label="Attached files" data-testid="message-attachments">
        {files.map((f, i) => (
          <li key={`${f.id}-${i}`}>
            <button type="button" className="attach-chip is-sent" data-testid="message-attachment" onClick={() => setOpen(f)} title={`Show ${f.name}`}>
              <span className="attach-kind" aria-hidden="true">
                {f.kind === 'pdf' ? 'PDF' : f.kind === 'image' ? 'IMG' : 'TXT'}
              </span>
              <span className="attach-text">
                <span className="attach-name">{f.name}</span>
                <span className="attach-detail">{kindLabel(f)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {/* On the body: the message list is its own stacking and containing block, which would clip a fixed dialog. */}
      {open ? createPortal(<PreviewDialog file={open} onClose={() => setOpen(null)} />, document.body) : null}
    </>
  );
}
