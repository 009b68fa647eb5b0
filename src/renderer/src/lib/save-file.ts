// Saving a file the engine produced (an export archive) where the person chooses. The one seam for it,
// so the features never care which host they run in. Both hosts take the same path today: an
// <a download> of a Blob — the browser saves it as it saves any download, and Electron, which handles
// downloads itself, asks where with its native save dialog. A bridge-provided save (a main-process
// dialog writing the file directly) would slot in here without touching the callers.

/** Object URLs are revoked after this, not at once: some engines still read the Blob after click() returns. */
const REVOKE_AFTER_MS = 60_000;

export function saveTextFile(filename: string, text: string, type = 'application/json'): { filename: string; bytes: number } {
  const blob = new Blob([text], { type: `${type};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
  return { filename, bytes: blob.size };
}
