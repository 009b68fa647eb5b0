// monad import FILE [--accept-identity] / monad export --out FILE
import { resolve } from 'node:path';
import { openCliEngine } from '../output';
import type { ImportReport, PendingIdentityView } from '../../shared/domain';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { 'accept-identity': { type: 'boolean', default: false } });
  const flags = globalFlags(values);
  if (positionals.length !== 1) throw new UsageError('give exactly one file to import');
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const r = engine.transfer.importFile(resolve(positionals[0]));
    // The diffs are shown before anything is accepted: what is written is what was shown.
    const review = engine.transfer.pendingIdentity().filter((p) => r.pendingIdentity.includes(p.id));
    const accepted: string[] = [];
    if (values['accept-identity'] === true) {
      for (const item of review) accepted.push(engine.transfer.identity.accept(item.id, item.current.mtimeMs).path);
    }
    if (flags.json) {
      printJson({ ...r, identityReview: review, acceptedIdentity: accepted });
      return 0;
    }
    process.stdout.write(renderReport(r));
    for (const item of review) process.stdout.write(renderDiff(item));
    if (review.length && accepted.length) {
      process.stdout.write(`\nwrote ${accepted.length} identity file${accepted.length === 1 ? '' : 's'} (they stay marked as imported until you edit them)\n`);
    } else if (review.length) {
      process.stdout.write(
        `\n${review.length} identity file${review.length === 1 ? ' waits' : 's wait'} for your review and ${review.length === 1 ? 'was' : 'were'} not written. ` +
          'Run the import again with --accept-identity to write them, or accept or dismiss them in Settings → Data.\n',
      );
    }
    for (const w of r.warnings) process.stderr.write(`warning: ${visible(w)}\n`);
    return 0;
  } finally {
    engine.close();
  }
}

export async function exportCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { out: { type: 'string' }, force: { type: 'boolean', default: false } });
  const flags = globalFlags(values);
  if (typeof values.out !== 'string') throw new UsageError('--out FILE is required');
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const r = engine.transfer.exportToFile(resolve(values.out), { force: values.force === true });
    if (flags.json) printJson(r);
    else process.stdout.write(`exported to ${r.path} (${(r.bytes / 1024).toFixed(1)} KB)\n`);
    return 0;
  } finally {
    engine.close();
  }
}

function renderReport(r: ImportReport): string {
  // MCP server (issue 19): an MCP memory graph holds no chats.
  const lines = r.format === 'mcp-memory' ? [`imported an MCP memory graph: ${r.graph.nodes} entities, ${r.graph.edges} relations, ${r.facts.added} facts added (${r.facts.skipped} already there)`] : [
    `imported ${r.format}: ${r.sessions.added} chats added (${r.sessions.skipped} already there), ${r.messages.added} messages added (${r.messages.skipped} skipped), ` +
      `${r.agents.added} agents, ${r.facts.added} facts, ${r.graph.nodes} entities, ${r.graph.edges} relations, ${r.laws.added} laws` +
      // Archive format v2 carries History and the Inbox's rejections too.
      (r.history ? `, ${r.history.added} History entries (${r.history.skipped} already there), ${r.inbox?.rejections ?? 0} Inbox rejections, ${r.inbox?.links ?? 0} Inbox proposals to decide` : ''),
  ];
  if (r.cleaned.redactions || r.cleaned.strippedChars) {
    lines.push(`cleaned: ${r.cleaned.redactions} secret${r.cleaned.redactions === 1 ? '' : 's'} redacted, ${r.cleaned.strippedChars} invisible character${r.cleaned.strippedChars === 1 ? '' : 's'} removed`);
  }
  if (r.leftOut.length) {
    lines.push('left out:');
    for (const l of r.leftOut) lines.push(`  - ${visible(l)}`);
  }
  if (r.refusedTotal) {
    lines.push(`not imported (${r.refusedTotal}):`);
    for (const x of r.refused) lines.push(`  - ${visible(x.where)} (${x.what}): ${visible(x.reason)}${x.excerpt ? ` — "${visible(x.excerpt)}"` : ''}`);
    if (r.refusedTotal > r.refused.length) lines.push(`  … and ${r.refusedTotal - r.refused.length} more`);
  }
  return `${lines.join('\n')}\n`;
}

/** A unified-style diff of one pending identity file, with the lines to look at twice marked. */
function renderDiff(p: PendingIdentityView): string {
  const out = ['', `identity file to review: ${p.path} (from ${visible(p.source)})`];
  const flagged = [p.flagged.instruction ? `${p.flagged.instruction} instruction-shaped` : '', p.flagged.secret ? `${p.flagged.secret} with a redacted secret` : ''].filter(Boolean);
  if (flagged.length) out.push(`  ! ${flagged.join(', ')} line${p.flagged.instruction + p.flagged.secret === 1 ? '' : 's'} (marked !)`);
  out.push(`--- ${p.path}${p.current.exists ? '' : ' (does not exist yet)'}`, `+++ ${p.path} (imported)`);
  for (const d of p.diff) {
    const sign = d.op === 'add' ? '+' : d.op === 'remove' ? '-' : ' ';
    const mark = d.flags.length ? `   ! ${d.flags.join(', ')}${d.reason ? `: ${visible(d.reason)}` : ''}` : '';
    out.push(`${sign} ${visible(d.text)}${mark}`);
  }
  return `${out.join('\n')}\n`;
}

/** Text from a file, safe for a terminal: control characters (escape sequences…) shown, not obeyed. */
function visible(text: string): string {
  // C0 and C1 controls except tab (newlines too: each diff line is one line).
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
