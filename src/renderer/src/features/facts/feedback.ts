// Words for what a write did. Every outcome the engine reports (recorded, duplicate, updated, redacted,
// rejected, refused) gets a visible line: the point of the tab is that nothing happens silently.
import { missingCase } from '../../../../shared/errors';
import type { Feedback } from './store';

export type Tone = 'ok' | 'warn' | 'info' | 'error';

export interface Described {
  tone: Tone;
  title: string;
  detail: string | null;
  /** Kinds of secrets replaced before saving (e.g. "github-token"). */
  redactions: string[];
}

export function describeFeedback(f: Feedback, scopeLabel: (scope: string) => string): Described {
  const where = scopeLabel(f.scope);
  switch (f.op) {
    case 'forget':
      return { tone: 'info', title: `Forgot a fact in ${where}`, detail: `“${f.fact.text}”`, redactions: [] };
    case 'missing':
      return {
        tone: 'warn',
        title: 'That fact is no longer here',
        detail: `${where} has no fact ${f.factId}: it was edited (new text, new id) or forgotten.`,
        redactions: [],
      };
    case 'add':
    case 'edit':
    case 'undo':
      break;
    default:
      return missingCase(f);
  }
  const r = f.result;
  const redactions = r.redactions;
  const redactedNote = redactions.length ? 'The secret was replaced before saving; it is not stored anywhere in memory.' : null;
  switch (r.status) {
    case 'recorded':
      if (redactions.length) return { tone: 'warn', title: `${f.op === 'undo' ? 'Restored' : 'Recorded'} with a secret redacted`, detail: redactedNote, redactions };
      return f.op === 'undo'
        ? { tone: 'ok', title: `Restored in ${where}`, detail: `“${r.fact?.text ?? f.text}”`, redactions }
        : { tone: 'ok', title: `Recorded in ${where}`, detail: null, redactions };
    case 'updated':
      if (redactions.length) return { tone: 'warn', title: 'Updated with a secret redacted', detail: redactedNote, redactions };
      return { tone: 'ok', title: 'Updated', detail: r.fact ? `Now “${r.fact.text}”` : null, redactions };
    case 'duplicate':
      if (f.op === 'edit') {
        return { tone: 'info', title: 'Merged with an existing fact', detail: `The new text matches another fact in ${where}; one copy is kept.`, redactions };
      }
      return {
        tone: 'info',
        title: f.op === 'undo' ? 'Already back' : 'Already remembered',
        detail: `${where} already has this fact (case, spacing and end punctuation aside); nothing was added.`,
        redactions,
      };
    case 'rejected':
      return { tone: 'error', title: 'Not saved — rejected', detail: r.reason ?? 'The engine gave no reason.', redactions };
    case 'refused':
      return { tone: 'error', title: 'Not saved', detail: r.reason ?? 'The engine gave no reason.', redactions };
    default:
      return missingCase(r.status);
  }
}
