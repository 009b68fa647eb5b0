// Settings → Chats: generated titles (issue 29 §2). On: after a chat's first exchange, one short call to
// the memory model names it; the first line of the first message is the title until then, and stays if
// the call fails. A chat renamed by hand keeps its name. Off: no call is made.
import { useEffect, useState } from 'react';
import { Section } from '../../app/Section';
import { attempt, invoke } from '../../lib/api';
import { useSettings } from '../settings/store';

export function ChatsSection() {
  const stored = useSettings((s) => s.config?.chat?.generateTitles ?? true);
  // Shown at once; the engine's answer (or the config on disk) wins after.
  const [on, setOn] = useState(stored);
  useEffect(() => setOn(stored), [stored]);

  async function toggle(next: boolean) {
    setOn(next);
    const config = await attempt(() => invoke('config.update', { patch: { chat: { generateTitles: next } } }));
    if (config) useSettings.setState({ config });
    else setOn(!next);
  }

  return (
    <Section title="Chats" description="How new chats are named (chat.generateTitles)." testId="chats-settings">
      <label className="switch-row">
        <input type="checkbox" className="switch" data-testid="chat-generate-titles" checked={on} onChange={(e) => void toggle(e.target.checked)} />
        <span>
          <span className="field-label">Generate titles</span>
          <span className="section-description">
            After the first reply, the memory model names the chat in a few words (one short call, counted with its other calls). Off: the first line of your first message stays the title. A chat you rename keeps your name.
          </span>
        </span>
      </label>
    </Section>
  );
}
