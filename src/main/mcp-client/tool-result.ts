// What an MCP tool returned, made safe to show and to hand to the model. A tool result is untrusted text:
//   - content parts become one text (images and binary resources as a short note, never their bytes);
//   - invisible and bidi characters are stripped and secret-shaped strings redacted (the sanitizer's own
//     cleaning, cleanText), so a hidden instruction or a leaked key does not travel on;
//   - the text is cut to a size cap, saying how much was cut, so one huge result cannot flood the context;
//   - the sanitizer's injection detector judges it: an instruction-shaped result is flagged in the chat.
// It reaches the model as quoted data (chat/tool-results.ts spotlights every tool result), and it never
// reaches memory except through the memory tool, whose every write goes through sanitizeFact.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cleanText, sanitizeFact } from '../memory/facts/sanitize';
import type { KnownSecrets } from '../memory/facts/sanitize-known-secrets';

/** About 5,000 tokens: enough for a file or a page of results, small next to any chat model's context. */
export const MAX_RESULT_CHARS = 20_000;

export interface ToolResultText {
  text: string;
  isError: boolean;
  /** The detector's reason when the text reads like instructions to the assistant. */
  flagged: string | null;
  truncated: { kept: number; received: number } | null;
}

function partText(part: CallToolResult['content'][number]): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
    case 'audio':
      return `[${part.type} (${part.mimeType}), ${Math.round((part.data.length * 3) / 4)} bytes, not shown]`;
    case 'resource_link':
      return `[link: ${part.name} ${part.uri}]`;
    case 'resource': {
      const r = part.resource;
      if ('text' in r && typeof r.text === 'string') return `[resource ${r.uri}]\n${r.text}`;
      return `[binary resource ${r.uri}, not shown]`;
    }
    default:
      return '[content of an unknown kind, not shown]';
  }
}

export function toolResultText(result: CallToolResult, opts: { knownSecrets?: KnownSecrets; maxChars?: number } = {}): ToolResultText {
  const max = opts.maxChars ?? MAX_RESULT_CHARS;
  const parts = Array.isArray(result.content) ? result.content : [];
  let raw = parts.map(partText).join('\n');
  if (!raw.trim() && result.structuredContent !== undefined) raw = safeJson(result.structuredContent);
  const received = raw.length;
  // Cut before cleaning: cleaning a multi-megabyte result would cost more than the cap is worth.
  const cut = received > max ? raw.slice(0, max) : raw;
  // Judged before its hidden characters are gone: what invisible tag characters spelled counts too.
  const verdict = sanitizeFact(cut, { knownSecrets: opts.knownSecrets });
  let text = verdict.ok || verdict.family !== 'unchecked' ? verdict.text : cleanText(cut, { knownSecrets: opts.knownSecrets }).text;
  const truncated = received > max ? { kept: text.length, received } : null;
  if (truncated) text += `\n[… ${received - max} more characters were cut: the result was longer than ${max} characters]`;
  return { text, isError: result.isError === true, flagged: verdict.ok ? null : verdict.reason, truncated };
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}
