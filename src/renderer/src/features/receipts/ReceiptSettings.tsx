// What the model saw besides memory (issue 29 §2): the settings the reply's request went out with, each
// with where it came from (this chat, the agent's default, or the model's own default: nothing sent), the
// chat's instructions as they were, and how much of the chat went as history under its context length.
import type { SettingSource, TurnSettings } from '../../../../shared/chat-settings';
import '../../styles/chat-settings.css';

const SOURCE_WORDS: Record<SettingSource, string> = { chat: 'this chat', agent: 'agent default', default: 'model default' };

function Row({ label, value, source, testId, words }: { label: string; value: string; source: SettingSource; testId: string; words?: boolean }) {
  return (
    <div className="receipt-setting" data-testid={testId} data-source={source}>
      <dt>{label}</dt>
      <dd>
        <span className={words ? undefined : 'mono'}>{value}</span> <span className="receipt-setting-source">· {SOURCE_WORDS[source]}</span>
      </dd>
    </div>
  );
}

const num = (v: number | null, unit = '') => (v === null ? 'not sent' : `${v.toLocaleString('en')}${unit}`);
// "not sent" is words too, not a value: the mono face is for numbers.

export function ReceiptSettings({ settings }: { settings: TurnSettings }) {
  const { systemPrompt: prompt, temperature, maxOutputTokens, contextLength, history } = settings;
  return (
    <section className="receipt-section" aria-labelledby="receipt-request" data-testid="receipt-settings">
      <h3 id="receipt-request" className="receipt-heading">
        Sent with this reply
      </h3>
      <dl className="receipt-settings">
        <Row label="Temperature" value={num(temperature.value)} source={temperature.source} testId="receipt-setting-temperature" />
        <Row label="Maximum reply tokens" value={num(maxOutputTokens.value)} source={maxOutputTokens.source} testId="receipt-setting-maxOutputTokens" />
        <Row label="Context length" value={num(contextLength.value, ' tokens')} source={contextLength.source} testId="receipt-setting-contextLength" />
        <Row label="Chat instructions" value={prompt.value === null ? 'none' : 'added after the memory block'} source={prompt.source} testId="receipt-setting-systemPrompt" words />
      </dl>
      {prompt.value !== null ? (
        <blockquote className="receipt-prompt selectable" data-testid="receipt-chat-prompt">
          {prompt.value}
        </blockquote>
      ) : null}
      <p className="muted receipt-line" data-testid="receipt-history">
        History: {history.sent.toLocaleString('en')} {history.sent === 1 ? 'message' : 'messages'} sent
        {history.dropped ? `, ${history.dropped.toLocaleString('en')} older left out to fit` : ''}.
      </p>
    </section>
  );
}
