// monad models check [--provider P --model M] [--no-tools] — the model self-test (issue 18 §3): each
// memory task on a small built-in sample, pass / fail / time, the raw reply and the reason on failure.
import { openCliEngine } from '../output';
import type { ModelCheckReport } from '../../shared/memory-tasks';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export async function modelsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { provider: { type: 'string' }, model: { type: 'string' }, 'no-tools': { type: 'boolean', default: false } });
  const flags = globalFlags(values);
  if (positionals[0] !== 'check' || positionals.length > 1) throw new UsageError(positionals.length ? `unknown subcommand "${positionals.join(' ')}"` : 'say what to do: check');
  const provider = typeof values.provider === 'string' ? values.provider : undefined;
  const model = typeof values.model === 'string' ? values.model : undefined;
  if (Boolean(provider) !== Boolean(model)) throw new UsageError('give both --provider and --model, or neither (to check the memory model)');
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  const ctrl = new AbortController();
  const onSignal = () => ctrl.abort();
  process.once('SIGINT', onSignal);
  try {
    // A provider may be named by its id or its name, as Settings shows it.
    const providerId = provider ? (engine.config.get().models.providers.find((p) => p.id === provider || p.name.toLowerCase() === provider.toLowerCase())?.id ?? provider) : undefined;
    const report = await engine.modelChecks.run({ providerId, model, tools: values['no-tools'] !== true }, ctrl.signal);
    if (flags.json) printJson(report);
    else process.stdout.write(formatReport(report));
    return report.passed === report.total ? 0 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    engine.close();
  }
}

export function formatReport(r: ModelCheckReport): string {
  const lines = [`${r.providerName} · ${r.model}: ${r.passed} of ${r.total} checks passed`];
  for (const i of r.items) {
    const extra = [i.repaired ? 'needed a second try' : '', i.dropped ? `${i.dropped} bad items left out` : '', i.cut ? `${i.cut} items over the limit left out` : ''].filter(Boolean).join(', ');
    lines.push(`  ${i.ok ? 'pass' : 'FAIL'}  ${i.label} (${(i.ms / 1000).toFixed(1)} s)${extra ? ` — ${extra}` : ''}`);
    if (!i.ok && i.error) lines.push(`        why: ${i.error}`);
    if (!i.ok && i.rawReply) lines.push(`        reply: ${i.rawReply.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  return `${lines.join('\n')}\n`;
}
