// "This is wrong" on a receipt item: the correction that item's layer already offers (issue 15), in a
// dialog over the chat. A fact: say what is true instead, or forget it. A relation: the Graph tab's
// RelationActions ("This is wrong" with a reason, or Edit). An entity: its EntityActions (rename, delete).
// A learned rule: the Laws tab's RejectForm. A mem0 memory: forget it. After each correction the item is
// read again, so the dialog says what became of it.
import { useCallback, useEffect, useState } from 'react';
import { confirmAction } from '../../app/confirm';
import { Modal } from '../../app/modal';
import { ApiError, attempt, invoke } from '../../lib/api';
import { notifyMemoryChanged } from '../../lib/memory-changed';
import type { GraphEdgeDetail, GraphNodeDetail, LawView } from '../../../../shared/domain';
import type { ReceiptItem } from '../../../../shared/receipt';
import { EntityActions } from '../graph/EntityActions';
import { relationLabel } from '../graph/model';
import { RelationActions } from '../graph/RelationActions';
import { RejectForm } from '../laws/LawCorrections';
import { useLaws } from '../laws/store';
import { toast, useToasts } from '../toasts/store';
import { ITEM_KIND, itemText } from './format';
import { useReceipts } from './store';

export function CorrectionDialog({ item }: { item: ReceiptItem }) {
  const close = () => useReceipts.getState().closeCorrection();
  return (
    <Modal labelledBy="correction-title" describedBy="correction-item" testId="correction-dialog" className="dialog-wide receipt-dialog" onClose={close}>
      <h2 id="correction-title" className="dialog-title">
        Correct this {ITEM_KIND[item.kind].toLowerCase()}
      </h2>
      <p id="correction-item" className="correction-item selectable">
        {itemText(item)}
      </p>
      <div className="correction-body">
        {item.kind === 'fact' ? <FactCorrection item={item} onDone={close} /> : null}
        {item.kind === 'relation' ? <RelationCorrection edgeId={item.edgeId} /> : null}
        {item.kind === 'entity' ? <EntityCorrection nodeId={item.nodeId} /> : null}
        {item.kind === 'law' ? <LawCorrection lawId={item.lawId} scope={item.scope} /> : null}
        {item.kind === 'mem0' ? <Mem0Correction id={item.memoryId} onDone={close} /> : null}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" data-testid="correction-close" onClick={close}>
          Back to the receipt
        </button>
      </div>
    </Modal>
  );
}

/** Re-reads an item after each correction: the corrections say they are done with a toast (success or error). */
function useReread<T>(read: () => Promise<T | undefined>): { value: T | undefined; loaded: boolean } {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [loaded, setLoaded] = useState(false);
  const run = useCallback(() => {
    void read().then((v) => {
      setValue(v);
      setLoaded(true);
    });
  }, []);
  useEffect(() => {
    run();
    let count = useToasts.getState().toasts.length;
    return useToasts.subscribe((s) => {
      if (s.toasts.length > count) run();
      count = s.toasts.length;
    });
  }, [run]);
  return { value, loaded };
}

function FactCorrection({ item, onDone }: { item: Extract<ReceiptItem, { kind: 'fact' }>; onDone: () => void }) {
  const [text, setText] = useState(item.text);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clean = text.replace(/\s+/g, ' ').trim();

  async function save() {
    setBusy(true);
    setProblem(null);
    try {
      const r = await invoke('facts.edit', { scope: item.scope, id: item.factId, text: clean });
      if (r.status === 'rejected' || r.status === 'refused') {
        setProblem(r.reason ?? 'It was not saved.');
        return;
      }
      notifyMemoryChanged();
      toast.success('Corrected', `Now “${r.fact?.text ?? clean}”. You can undo this in Memory → History.`);
      onDone();
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function forget() {
    const ok = await confirmAction({ title: 'Forget this fact?', message: `“${item.text}” leaves memory. You can undo this in Memory → History.`, confirmLabel: 'Forget', danger: true });
    if (!ok) return;
    setBusy(true);
    const r = await attempt(() => invoke('facts.forget', { scope: item.scope, id: item.factId }));
    setBusy(false);
    if (!r) return;
    notifyMemoryChanged();
    toast.success('Forgotten', `“${r.forgotten.text}” left memory. You can undo this in Memory → History.`);
    onDone();
  }

  return (
    <form
      className="correction-form"
      data-testid="fact-correction"
      onSubmit={(e) => {
        e.preventDefault();
        if (clean && clean !== item.text) void save();
      }}
    >
      <label className="field">
        <span className="field-label">What is true instead</span>
        <textarea
          className={`input textarea${problem ? ' is-invalid' : ''}`}
          data-testid="fact-correction-text"
          rows={2}
          maxLength={4000}
          value={text}
          data-autofocus
          aria-describedby={problem ? 'fact-correction-problem' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {problem ? (
        <p id="fact-correction-problem" className="correction-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="correction-buttons">
        <button type="button" className="button button-danger" data-testid="fact-correction-forget" disabled={busy} onClick={() => void forget()}>
          Forget it
        </button>
        <button type="submit" className="button button-primary" data-testid="fact-correction-save" disabled={busy || !clean || clean === item.text}>
          Save correction
        </button>
      </div>
    </form>
  );
}

function gone(text: string) {
  return (
    <p className="correction-state" data-testid="correction-state" role="status">
      {text}
    </p>
  );
}

function RelationCorrection({ edgeId }: { edgeId: number }) {
  const { value, loaded } = useReread<GraphEdgeDetail>(() => attempt(() => invoke('graph.edge', { id: edgeId })));
  if (!loaded) return <p className="muted">Loading…</p>;
  if (!value) return gone('This relation is no longer in the graph.');
  const e = value.edge;
  const sentence = `${value.src.name} ${relationLabel(e.relation)} ${value.dst.name}`;
  if (e.retracted) return gone(`Marked as wrong${e.retracted.reason ? `: ${e.retracted.reason}` : ''}. It has left the graph.`);
  return <RelationActions edge={e} sentence={sentence} />;
}

function EntityCorrection({ nodeId }: { nodeId: number }) {
  const { value, loaded } = useReread<GraphNodeDetail>(() => attempt(() => invoke('graph.node', { id: nodeId })));
  if (!loaded) return <p className="muted">Loading…</p>;
  if (!value) return gone('This entity is no longer in the graph.');
  if (value.node.removed) return gone('This entity has left the graph.');
  return <EntityActions node={value.node} />;
}

function LawCorrection({ lawId, scope }: { lawId: number; scope: string | null }) {
  const { value, loaded } = useReread<LawView | null>(async () => {
    const laws = await attempt(() => invoke('laws.list', scope ? { scopes: [scope] } : {}));
    return laws ? (laws.find((l) => l.id === lawId) ?? null) : undefined;
  });
  useEffect(() => {
    useLaws.getState().startReject(lawId);
    return () => useLaws.getState().startReject(null);
  }, [lawId]);
  if (!loaded) return <p className="muted">Loading…</p>;
  if (!value) return gone('This rule is no longer among the learned rules (rejected, or replaced).');
  return <RejectForm law={value} />;
}

function Mem0Correction({ id, onDone }: { id: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="correction-buttons">
      <p className="muted">mem0 memories are not edited; forget this one, and tell the assistant what is true instead.</p>
      <button
        type="button"
        className="button button-danger"
        data-testid="mem0-correction-forget"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const r = await attempt(() => invoke('mem0.delete', { id }));
          setBusy(false);
          if (!r) return;
          notifyMemoryChanged();
          toast.success('Forgotten', 'The memory left mem0. You can undo this in Memory → History.');
          onDone();
        }}
      >
        Forget it
      </button>
    </div>
  );
}
