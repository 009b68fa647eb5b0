// Tabs whose features arrive with later issues say so, instead of showing an empty pane.
import { Icon, type IconName } from '../../app/icons';

const COPY = {
  memory: {
    icon: 'memory',
    title: 'Memory',
    text: 'Browsing, adding, correcting and forgetting facts per scope, and editing the core files, is coming with the memory issue.',
  },
  graph: {
    icon: 'graph',
    title: 'Graph',
    text: 'A read-only view of the knowledge graph — entities, relations and the messages behind them — is coming with the graph issue.',
  },
  laws: {
    icon: 'laws',
    title: 'Laws',
    text: 'Consolidated laws with their confidence, stale or contradicted flags and their grounding are coming with the laws issue.',
  },
} satisfies Record<string, { icon: IconName; title: string; text: string }>;

export function Placeholder({ kind }: { kind: keyof typeof COPY }) {
  const copy = COPY[kind];
  return (
    <div className="empty-state" data-testid={`placeholder-${kind}`}>
      <Icon name={copy.icon} size={28} />
      <h2>{copy.title}</h2>
      <p>{copy.text}</p>
    </div>
  );
}
