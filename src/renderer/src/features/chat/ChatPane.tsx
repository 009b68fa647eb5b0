// The Chat tab: the selected session's conversation (header, virtualised messages, composer), the
// no-model note, and the consumer of "open this message" links from the other features.
import { useEffect } from 'react';
import { useShell } from '../../app/shell-store';
import { useAgents } from '../agents/store';
import { findSession, useSessions } from '../sessions/store';
import { FreshnessNotice } from './FreshnessNotice';
import { useSettings } from '../settings/store';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { ensureChatEvents } from './events';
import { MessageList } from './MessageList';
import { chatModelProblem } from './model-status';
import { NoModelNote } from './NoModelNote';
import { openMessage } from './open-message';
import { useChat } from './store';
import { ReceiptDialogs } from '../receipts/ReceiptDialogs';
import { Welcome } from '../welcome/Welcome';

export function ChatPane() {
  const selectedId = useSessions((s) => s.selectedId);
  const session = useSessions((s) => findSession(s.byAgent, s.selectedId));
  // A chat remembered from last time, before the agent's list has arrived: open it at once (its messages
  // load in parallel with the list) rather than flash the welcome and wait for the list first.
  const agentId = useAgents((s) => s.selectedId);
  const listed = useSessions((s) => agentId !== null && agentId in s.byAgent);
  const listing = selectedId !== null && session === null && !listed;
  const agentName = useAgents((s) => s.agents.find((a) => a.id === session?.agentId)?.name) ?? session?.agentId ?? 'Agent';
  const running = useChat((s) => (selectedId ? s.live[selectedId] !== undefined : false));
  const refused = useChat((s) => s.noModel);
  const configProblem = useSettings((s) => (session ? chatModelProblem(s.config, session.agentId, session.chatModel) : null));
  const intent = useShell((s) => s.intent);

  useEffect(() => ensureChatEvents(), []);

  useEffect(() => {
    const chat = useChat.getState();
    if (chat.sessionId !== selectedId) void chat.open(selectedId);
  }, [selectedId]);

  useEffect(() => {
    if (intent?.kind !== 'message') return;
    useShell.getState().clearIntent();
    void openMessage(intent.sessionId, intent.messageId);
  }, [intent]);

  // Escape stops the reply from anywhere in the window (fields that use Escape themselves say so).
  useEffect(() => {
    if (!running) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="alertdialog"]')) return;
      void useChat.getState().cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running]);

  // A config change that adds a model clears an earlier refusal.
  useEffect(() => {
    if (!configProblem) useChat.getState().clearNoModel();
  }, [configProblem]);

  // First run (and whenever no chat is open): the welcome leads to a model and a first chat.
  if (!session && !listing) return <Welcome />;

  const noModel = refused ?? configProblem;
  // While listing, the same tree with the list alone: the message list stays mounted when the rest arrives.
  const id = session?.id ?? selectedId!;
  return (
    <div className="chat-view" data-testid="chat-pane" data-running={running || undefined}>
      {session ? <ChatHeader session={session} agentName={agentName} /> : <div className="chat-header chat-header-pending" aria-hidden="true" />}
      <MessageList key={`list:${id}`} sessionId={id} agentName={agentName} />
      {/* Freshness notice (issue 16 §4) */}
      {session ? <FreshnessNotice key={`fresh:${session.id}`} sessionId={session.id} running={running} /> : null}
      {session && noModel ? <NoModelNote message={noModel} /> : null}
      {session ? <Composer key={`composer:${session.id}`} sessionId={session.id} running={running} agentName={agentName} /> : null}
      <ReceiptDialogs /> {/* receipts */}
    </div>
  );
}
