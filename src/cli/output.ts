// Opening an engine for a CLI command: from then on its secrets are filtered from everything the process
// prints (output-filter.ts).
import { Engine, type EngineOptions } from '../main/engine';
import { filterOutputWith } from './output-filter';

/** Engine.open for a CLI command: its secrets are filtered from everything the process prints from now on. */
export function openCliEngine(opts: EngineOptions): Engine {
  const engine = Engine.open(opts);
  filterOutputWith(engine.egress);
  return engine;
}
