// Under each fact: who wrote it and from where (issue 15). A fact the agent recorded in a chat links to
// the message it came from; opening it shows that message in its chat, highlighted.
import type { FactSource } from '../../../../shared/domain';
import { factSourceLabel, IN_A_CHAT } from '../../../../shared/fact-source';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { fullTime, shortAgo } from '../../lib/time';
import { Glyph } from './Glyph';
import { useFacts } from './store';

function SourceIcon({ source }: { source: FactSource }) {
  if (source.via === 'hand-edit') return <Icon name="pencil" size={12} />;
  switch (source.actor) {
    case 'person':
      return <Glyph name="person" size={12} />;
    case 'agent':
    case 'mcp':
      return <Icon name="bot" size={12} />;
    case 'consolidation':
      return <Glyph name="merge" size={12} />;
    case 'import':
      return <Glyph name="download" size={12} />;
    default:
      return <Glyph name="clock" size={12} />;
  }
}

export function FactSourceLine({ source, linkable }: { source: FactSource; linkable: boolean }) {
  const title = useFacts((s) => (source.sessionId ? s.chatTitles[source.sessionId] : undefined));
  const titlesKnown = useFacts((s) => Object.keys(s.chatTitles).length > 0);
  const label = factSourceLabel(source);
  const inChat = source.sessionId !== null && label.endsWith(IN_A_CHAT);
  const canOpen = inChat && source.messageId !== null && (title !== undefined || !titlesKnown);
  const when = source.at ? shortAgo(source.at) : null;
  return (
    <div className="fact-source" data-testid="fact-source" data-actor={source.actor} data-via={source.via ?? ''} data-event={source.event}>
      <span className="fact-source-icon" aria-hidden="true">
        <SourceIcon source={source} />
      </span>
      <span>{inChat ? label.slice(0, -IN_A_CHAT.length) + ' in ' : label}</span>
      {inChat ? (
        canOpen ? (
          <button
            type="button"
            className="link-button fact-source-link"
            data-testid="fact-source-link"
            tabIndex={linkable ? 0 : -1}
            title="Open the message this fact was recorded from"
            onClick={(e) => {
              e.stopPropagation();
              useShell.getState().navigate({ kind: 'message', sessionId: source.sessionId!, messageId: source.messageId! });
            }}
            onDoubleClick={(e) => e.stopPropagation()}
          >
            {title ? `“${title}”` : 'a chat'}
          </button>
        ) : (
          <span>{title ? `“${title}”` : 'a chat that has been deleted'}</span>
        )
      ) : null}
      {when ? (
        <span className="fact-source-when" title={fullTime(source.at!)}>
          · {when === 'now' ? 'just now' : /^\d+[mh]$/.test(when) ? `${when} ago` : when}
        </span>
      ) : null}
    </div>
  );
}
