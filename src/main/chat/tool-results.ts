// Tool results as the model reads them: every result (text, JSON, content parts) and every tool error is
// one quoted-data block (llm/spotlight.ts). Applied to the whole message list before each model step,
// so results replayed from history and results of the current turn go through the same path, and the
// stored messages keep the raw result the person sees in the chat. Deterministic: the same stored result
// gives the same bytes on every step and turn, so a provider's prefix cache still holds.
import type { ModelMessage, ToolResultPart } from 'ai';
import { dataBlock } from '../llm/spotlight';

type Output = ToolResultPart['output'];

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return String(value);
  }
}

export function spotlightToolOutput(toolName: string, output: Output): Output {
  const source = `tool:${toolName}`;
  switch (output.type) {
    case 'text':
      return { type: 'text', value: dataBlock(source, output.value) };
    case 'json':
      return { type: 'text', value: dataBlock(source, json(output.value)) };
    case 'error-text':
      return { type: 'error-text', value: dataBlock(`${source} error`, output.value) };
    case 'error-json':
      return { type: 'error-text', value: dataBlock(`${source} error`, json(output.value)) };
    case 'execution-denied':
      return output.reason === undefined ? output : { ...output, reason: dataBlock(`${source} denied`, output.reason) };
    case 'content':
      // Files and images pass as they are (nothing to quote); their text parts are quoted.
      return { ...output, value: output.value.map((p) => (p.type === 'text' ? { ...p, text: dataBlock(source, p.text) } : p)) };
    default:
      return output;
  }
}

/** The list with every tool result quoted. Messages that are not tool results are passed through untouched. */
export function spotlightToolResults(messages: ModelMessage[]): ModelMessage[] {
  return messages.map((m) => {
    if (m.role !== 'tool') return m;
    return { ...m, content: m.content.map((part) => (part.type === 'tool-result' ? { ...part, output: spotlightToolOutput(part.toolName, part.output) } : part)) };
  });
}
