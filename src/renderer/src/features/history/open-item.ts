// Opens the item a History entry is about, where it lives: a fact in the Memory tab, an entity or a
// relation in the Graph tab, a law in the Laws tab, an identity file in its editor, a mem0 memory in
// the explorer, a source message in its chat. Every link goes through the shell's navigation intents.
import { useShell } from '../../app/shell-store';
import { useFacts } from '../facts/store';
import type { ItemRef } from './format';

export function openItem(ref: ItemRef): void {
  const shell = useShell.getState();
  switch (ref.kind) {
    case 'fact':
      shell.navigate({ kind: 'fact', scope: ref.scope, factId: ref.factId });
      return;
    case 'entity':
      shell.navigate({ kind: 'graph', scope: ref.scope, nodeId: ref.nodeId });
      return;
    case 'relation':
      shell.navigate({ kind: 'graph', scope: ref.scope, edgeId: ref.edgeId });
      return;
    case 'law':
      shell.navigate({ kind: 'law', scope: ref.scope, lawId: ref.lawId });
      return;
    case 'message':
      shell.navigate({ kind: 'message', sessionId: ref.sessionId, messageId: ref.messageId });
      return;
    case 'identity':
      shell.setTab('memory');
      useFacts.getState().setView('identity');
      return;
    case 'mem0':
      shell.setTab('memory');
      useFacts.getState().setView('mem0');
      return;
  }
}

/** The words on an entry's link. */
export function openLabel(ref: ItemRef): string {
  switch (ref.kind) {
    case 'fact':
      return 'Show fact';
    case 'entity':
      return 'Show in graph';
    case 'relation':
      return 'Show relation';
    case 'law':
      return 'Show law';
    case 'identity':
      return 'Open file';
    case 'mem0':
      return 'Show in mem0';
    case 'message':
      return 'Open message';
  }
}
