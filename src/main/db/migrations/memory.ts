// db/memory.sqlite migrations, in order. Append only: never edit a migration that has shipped.
import type { Migration } from '../migrate';
import { memory0001Graph } from './memory-0001-graph';
import { memory0002Laws } from './memory-0002-laws';
import { memory0003ConsolidationRuns } from './memory-0003-consolidation-runs';
import { memory0004EdgeSrcIndex } from './memory-0004-edge-src-index';

export const memoryMigrations: readonly Migration[] = [memory0001Graph, memory0002Laws, memory0003ConsolidationRuns, memory0004EdgeSrcIndex];
