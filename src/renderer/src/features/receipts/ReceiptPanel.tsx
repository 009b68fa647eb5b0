// A reply's receipt: what memory went into it. The session's frozen recall block (its size, a link to
// "What the model saw"), identity files, what was looked up for this reply (mem0 recalls with their
// scores, the model's memory and graph lookups) as items that open where they live and can be corrected
// ("This is wrong"), and the changes the reply made. Ids stay behind "Details".
import { ReceiptFiles } from './ReceiptFiles';
import { useEffect, useState } from 'react';
import { Modal } from '../../app/modal';
import { useShell } from '../../app/shell-store';
import { attempt, invoke } from '../../lib/api';
import { fullTime } from '../../lib/time';
import type { ReceiptBlockItems, ReceiptItem, ReceiptRead, ReceiptView } from '../../../../shared/receipt';
import { UseItNow } from '../chat/use-it-now';
import { useFacts } from '../facts/store';
import { openItem, openLabel } from '../history/open-item';
import { ChangeLines, useScopeWords } from './ChangeLines';
import { approxTokens, canCorrect, ITEM_KIND, itemRef, itemText, readTitle, scoreText } from './format';
import { ReceiptSettings } from './ReceiptSettings';
import { useReceipts } from './store';

/** Items shown per lookup before "Show all": a `view` of a thousand facts still opens at once. */
export const ITEMS_SHOWN = 50;

type Load = { state: 'loading' } | { state: 'ready'; view: ReceiptView | null } | { state: 'error' };

export function ReceiptPanel() {
  const messageId = useReceipts((s) => s.messageId);
  if (!messageId) return null;
  return <Panel key={messageId} messageId={messageId} />;
}

function Panel({ messageId }: { messageId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const close = () => useReceipts.getState().close();

  useEffect(() => {
    let live = true;
    void attempt(() => invoke('chat.receipt', { messageId })).then((view) => {
      if (live) setLoad(view === undefined ? { state: 'error' } : { state: 'ready', view });
    });
    return () => {
      live = false;
    };
  }, [messageId]);

  return (
    <Modal labelledBy="receipt-title" testId="receipt-panel" className="dialog-wide receipt-dialog" onClose={close}>
      <h2 id="receipt-title" className="dialog-title">
        Memory behind this reply
      </h2>
      <div className="receipt-body" data-testid="receipt-body" data-state={load.state}>
        {load.state === 'loading' ? <p className="muted">Loading…</p> : null}
        {load.state === 'error' ? <p className="muted">The receipt could not be read.</p> : null}
        {load.state === 'ready' && !load.view ? (
          <p className="muted" data-testid="receipt-missing">
            This reply was written before Monad kept receipts, so what memory went into it was not recorded.
          </p>
        ) : null}
        {load.state === 'ready' && load.view ? <Receipt view={load.view} /> : null}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" data-testid="receipt-close" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function Receipt({ view }: { view: ReceiptView }) {
  const { receipt } = view;
  const imported = receipt.imported === true;
  const frozen = receipt.frozen;
  const looked = receipt.reads.filter((r) => r.items.length || r.failed || r.more);
  const usedNothing = (frozen?.lines ?? 0) === 0 && !receipt.identity.length && !receipt.reads.some((r) => r.items.length || r.more) && !receipt.changes.length;

  const openRecall = () => {
    useReceipts.getState().close();
    useFacts.getState().setView('recall');
    useShell.getState().setTab('memory');
  };

  return (
    <>
      {imported ? (
        <p className="receipt-note" data-testid="receipt-imported">
          This receipt came with an import: its graph entries and learned rules are not linked here, and its changes cannot be undone here.
        </p>
      ) : null}
      {usedNothing ? (
        <p className="receipt-empty" data-testid="receipt-empty">
          This reply used no memory: nothing was recalled or looked up, and nothing was remembered.
        </p>
      ) : null}

      {receipt.attachments?.length ? <ReceiptFiles files={receipt.attachments} /> : null}
      <section className="receipt-section" aria-labelledby="receipt-background">
        <h3 id="receipt-background" className="receipt-heading">
          In every turn of this chat
        </h3>
        {frozen ? (
          <div className="receipt-frozen" data-testid="receipt-frozen">
            <span>
              Recall block · {approxTokens(frozen.tokens)} · {frozen.lines === 0 ? 'no facts or rules yet' : `${frozen.lines} ${frozen.lines === 1 ? 'fact or rule' : 'facts and rules'}`}
              {frozen.builtAt ? ` · made ${fullTime(frozen.builtAt)}` : ''}
            </span>
            {imported ? null : (
              <button type="button" className="link-button" data-testid="receipt-open-recall" onClick={openRecall}>
                What the model saw
              </button>
            )}
          </div>
        ) : (
          <p className="muted receipt-line">No frozen recall block: memory is recalled for each message.</p>
        )}
        {/* Quieter memory (issue 29 §4): where "Use it now" lives when no banner asks. */}
        {frozen && !imported ? <UseItNow sessionId={view.sessionId} testId="receipt-use-it-now" /> : null}
        {frozen && frozen.lines > 0 && !imported ? (
          view.block ? (
            <BlockItems block={view.block} />
          ) : (
            <p className="muted receipt-line" data-testid="receipt-block-replaced">
              “Use it now” has since replaced this block, and its lines were not kept.
            </p>
          )
        ) : null}
        {receipt.identity.length ? (
          <ul className="receipt-identity" data-testid="receipt-identity">
            {receipt.identity.map((f) => (
              <li key={f.kind}>
                {f.title} · {approxTokens(f.tokens)}
                {f.imported ? ' · from an import, given as quoted text' : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted receipt-line">No identity files.</p>
        )}
      </section>

      <section className="receipt-section" aria-labelledby="receipt-lookups">
        <h3 id="receipt-lookups" className="receipt-heading">
          Looked up for this reply
        </h3>
        {looked.length ? looked.map((r, i) => <Read key={i} read={r} imported={imported} />) : <p className="muted receipt-line">Nothing: the model did not search memory for this reply.</p>}
      </section>

      {view.changes.length ? (
        <section className="receipt-section" aria-labelledby="receipt-changes">
          <h3 id="receipt-changes" className="receipt-heading">
            Memory updated
          </h3>
          <ChangeLines
            changes={view.changes}
            undone={view.changes.flatMap((c) => (c.undone && 'journalId' in c && c.journalId !== null ? [c.journalId] : []))}
            forgottenMemories={view.changes.flatMap((c) => (c.undone && c.kind === 'remembered' && c.memoryId ? [c.memoryId] : []))}
            messageId={view.messageId}
          />
        </section>
      ) : null}

      {receipt.settings ? <ReceiptSettings settings={receipt.settings} /> : null}

      <details className="receipt-details">
        <summary>Details</summary>
        <pre className="tool-pre selectable">{JSON.stringify({ messageId: view.messageId, sessionId: view.sessionId, receipt }, null, 2)}</pre>
      </details>
    </>
  );
}

/** The facts and rules of the frozen block, behind a disclosure: the block can hold a hundred of them. */
function BlockItems({ block }: { block: ReceiptBlockItems }) {
  const [open, setOpen] = useState(false);
  const count = block.items.length + block.gone.length;
  if (!count) return null;
  return (
    <div className="receipt-read" data-testid="receipt-block">
      <button type="button" className="link-button receipt-block-toggle" aria-expanded={open} data-testid="receipt-block-toggle" onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show'} the {count.toLocaleString()} {count === 1 ? 'fact or rule' : 'facts and rules'} in it
      </button>
      {open ? (
        <>
          <Items items={block.items} imported={false} showAllId="receipt-block-all" />
          {block.gone.length ? (
            <ul className="receipt-items" data-testid="receipt-block-gone">
              {block.gone.map((text, i) => (
                <li key={i} className="receipt-item" data-kind="gone">
                  <div className="receipt-item-head">
                    <span className="receipt-item-past">no longer in memory as written</span>
                  </div>
                  <div className="receipt-item-text selectable">{text}</div>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function Read({ read, imported }: { read: ReceiptRead; imported: boolean }) {
  return (
    <div className="receipt-read" data-testid="receipt-read" data-via={read.via}>
      <h4 className="receipt-read-title">{readTitle(read)}</h4>
      {read.failed ? <p className="muted receipt-line">The lookup failed; the model was told memory was unavailable.</p> : null}
      {!read.failed && !read.items.length ? <p className="muted receipt-line">Nothing found.</p> : null}
      <Items items={read.items} imported={imported} showAllId="receipt-show-all" />
      {read.more ? <p className="muted receipt-line">{read.more.toLocaleString()} more were sent to the model and not kept here.</p> : null}
    </div>
  );
}

/** Items, the first ITEMS_SHOWN of them until "Show all": a `view` of a thousand facts still opens at once. */
function Items({ items, imported, showAllId }: { items: ReceiptItem[]; imported: boolean; showAllId: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, ITEMS_SHOWN);
  return (
    <>
      {shown.length ? (
        <ul className="receipt-items">
          {shown.map((item, i) => (
            <Item key={i} item={item} imported={imported} />
          ))}
        </ul>
      ) : null}
      {items.length > shown.length ? (
        <button type="button" className="link-button" data-testid={showAllId} onClick={() => setAll(true)}>
          Show all {items.length.toLocaleString()}
        </button>
      ) : null}
    </>
  );
}

function Item({ item, imported }: { item: ReceiptItem; imported: boolean }) {
  const words = useScopeWords();
  const ref = itemRef(item, imported);
  const score = 'score' in item && typeof item.score === 'number' ? item.score : null;
  const where = item.kind === 'message' ? `“${item.title}” · ${fullTime(item.at)}` : 'scope' in item && item.scope ? words(item.scope) : null;
  return (
    <li className="receipt-item" data-testid="receipt-item" data-kind={item.kind}>
      <div className="receipt-item-head">
        <span className={`receipt-kind receipt-kind-${item.kind}`}>{ITEM_KIND[item.kind]}</span>
        {where ? <span className="receipt-item-where">{where}</span> : null}
        {score !== null ? <span className="receipt-item-score">{scoreText(score)}</span> : null}
        {item.kind === 'relation' && !item.current ? <span className="receipt-item-past">no longer holds</span> : null}
      </div>
      <div className="receipt-item-text selectable">{itemText(item)}</div>
      <div className="receipt-item-actions">
        {ref ? (
          <button
            type="button"
            className="link-button"
            data-testid="receipt-item-open"
            onClick={() => {
              useReceipts.getState().close();
              openItem(ref);
            }}
          >
            {openLabel(ref)}
          </button>
        ) : null}
        {canCorrect(item, imported) ? (
          <button type="button" className="link-button" data-testid="receipt-item-wrong" onClick={() => useReceipts.getState().correct(item)}>
            This is wrong
          </button>
        ) : null}
      </div>
    </li>
  );
}
