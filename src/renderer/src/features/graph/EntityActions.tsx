// Corrections of one entity in its panel: rename it, merge a duplicate into it, delete it, or start a
// relation from it. One form open at a time, inline, keyboard first (Escape closes it).
import { useMemo, useState } from 'react';
import { confirmAction } from '../../app/confirm';
import type { GraphViewNode } from '../../../../shared/domain';
import { deleteEntity, mergeEntities, renameEntity } from './corrections';
import { foldText } from './model';
import { useGraph } from './store';
import { entityTypeWords } from '../../../../shared/relation-words';

type Mode = 'rename' | 'merge' | null;

/** How many candidate duplicates the merge picker lists. */
const MERGE_CHOICES = 8;

export function EntityActions({ node }: { node: GraphViewNode }) {
  const [mode, setMode] = useState<Mode>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (await fn()) setMode(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="graph-actions" data-testid="graph-entity-actions">
      {mode === null ? (
        <div className="graph-action-row" role="group" aria-label="Correct this entity">
          <button type="button" className="button button-small" data-testid="graph-entity-rename" onClick={() => setMode('rename')}>
            Rename
          </button>
          <button type="button" className="button button-small" data-testid="graph-entity-merge" title="Another entity is the same one: fold it into this one" onClick={() => setMode('merge')}>
            Merge…
          </button>
          <button type="button" className="button button-small" data-testid="graph-entity-add-relation" onClick={() => useGraph.getState().openPanel({ kind: 'add', from: node.name })}>
            Add relation
          </button>
          <button
            type="button"
            className="button button-small button-quiet button-danger-text"
            data-testid="graph-entity-delete"
            disabled={busy}
            onClick={async () => {
              const n = node.degree;
              const ok = await confirmAction({
                title: `Delete “${node.name}”?`,
                message: `It leaves the graph${n ? ` with ${n === 1 ? 'its relation' : `its ${n} relations`}, and learned rules built on ${n === 1 ? 'it' : 'them'} leave recall` : ''}. You can undo this in Memory → History.`,
                confirmLabel: 'Delete',
                danger: true,
              });
              if (ok) await run(() => deleteEntity(node.id, node.name));
            }}
          >
            Delete
          </button>
        </div>
      ) : mode === 'rename' ? (
        <RenameForm node={node} busy={busy} onCancel={() => setMode(null)} onSave={(name) => run(() => renameEntity(node.id, name))} />
      ) : (
        <MergeForm node={node} busy={busy} onCancel={() => setMode(null)} onPick={(drop) => run(() => mergeEntities(node.id, drop.id, drop.name))} />
      )}
    </div>
  );
}

function RenameForm({ node, busy, onCancel, onSave }: { node: GraphViewNode; busy: boolean; onCancel: () => void; onSave: (name: string) => void }) {
  const [name, setName] = useState(node.name);
  const clean = name.trim();
  return (
    <form
      className="graph-form"
      data-testid="graph-rename-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (clean && clean !== node.name) onSave(clean);
      }}
      onKeyDown={(e) => escape(e, onCancel)}
    >
      <label className="field">
        <span className="field-label">New name</span>
        <input className="input" data-testid="graph-rename-input" value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
      <p className="graph-form-note muted">The old name keeps leading here, so a later mention of it is not a new entity.</p>
      <div className="graph-form-buttons">
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-small button-primary" data-testid="graph-rename-save" disabled={busy || !clean || clean === node.name}>
          Rename
        </button>
      </div>
    </form>
  );
}

function MergeForm({ node, busy, onCancel, onPick }: { node: GraphViewNode; busy: boolean; onCancel: () => void; onPick: (drop: GraphViewNode) => void }) {
  const model = useGraph((s) => s.model);
  const [query, setQuery] = useState('');
  const choices = useMemo(() => {
    if (!model) return [];
    const q = foldText(query.trim());
    // Without a query: entities whose names share a word with this one (the likely duplicates) first.
    const words = new Set(foldText(node.name).split(/\s+/).filter((w) => w.length > 1));
    const scored = model.nodes
      .map((n, i) => ({ n, name: model.searchNames[i] }))
      .filter(({ n, name }) => n.id !== node.id && (q ? name.includes(q) : name.split(/\s+/).some((w) => [...words].some((x) => w.startsWith(x.slice(0, 3))))))
      .sort((a, b) => Number(b.name.startsWith(q)) - Number(a.name.startsWith(q)) || b.n.degree - a.n.degree);
    return scored.slice(0, MERGE_CHOICES).map((x) => x.n);
  }, [model, query, node]);

  return (
    <form className="graph-form" data-testid="graph-merge-form" onSubmit={(e) => e.preventDefault()} onKeyDown={(e) => escape(e, onCancel)}>
      <label className="field">
        <span className="field-label">Which entity is the same as “{node.name}”?</span>
        <input
          className="input"
          type="search"
          data-testid="graph-merge-search"
          placeholder="Find the duplicate"
          value={query}
          autoFocus
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && choices[0]) {
              e.preventDefault();
              void pick(choices[0]);
            }
          }}
        />
      </label>
      <ul className="graph-merge-choices" aria-label="Entities to merge into this one">
        {choices.length ? (
          choices.map((n) => (
            <li key={n.id}>
              <button type="button" className="graph-merge-choice" data-testid="graph-merge-choice" data-node-id={n.id} disabled={busy} onClick={() => void pick(n)}>
                <span className="graph-merge-name">{n.name}</span>
                <span className="muted">
                  {entityTypeWords(n.type)} · {n.degree} relation{n.degree === 1 ? '' : 's'}
                </span>
              </button>
            </li>
          ))
        ) : (
          <li className="muted graph-empty-line">{query.trim() ? 'No entity by that name here.' : 'Type the duplicate’s name.'}</li>
        )}
      </ul>
      <div className="graph-form-buttons">
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );

  async function pick(drop: GraphViewNode) {
    const ok = await confirmAction({
      title: `Merge “${drop.name}” into “${node.name}”?`,
      message: `${drop.name}’s relations move to ${node.name}, duplicates become one, and the name “${drop.name}” will lead to ${node.name}. You can undo this in Memory → History.`,
      confirmLabel: 'Merge',
    });
    if (ok) onPick(drop);
  }
}

export function escape(e: React.KeyboardEvent, onCancel: () => void): void {
  if (e.key !== 'Escape') return;
  // Escape closes the form, not the panel around it.
  e.preventDefault();
  e.stopPropagation();
  onCancel();
}
