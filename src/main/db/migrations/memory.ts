// db/memory.sqlite migrations, in order. Append only: never edit a migration that has shipped.
import type { Migration } from '../migrate';
import { memory0001Graph } from './memory-0001-graph';
import { memory0002Laws } from './memory-0002-laws';
import { memory0003ConsolidationRuns } from './memory-0003-consolidation-runs';
import { memory0004EdgeSrcIndex } from './memory-0004-edge-src-index';
import { memory0005FactOrigin } from './memory-0005-fact-origin';
import { memory0006FactCheck } from './memory-0006-fact-check';
import { memory0007Journal } from './memory-0007-journal';
import { memory0008FactProvenance } from './memory-0008-fact-provenance';
import { memory0009GraphCorrections } from './memory-0009-graph-corrections';
import { memory0010LawCorrections } from './memory-0010-law-corrections';
import { memory0011TaskHealth } from './memory-0011-task-health';
import { memory0012Inbox } from './memory-0012-inbox';
import { memory0013McpProposals } from './memory-0013-mcp-proposals';
import { memory0014RebuiltBlock } from './memory-0014-rebuilt-block';
import { memory0015CorrectionLinks } from './memory-0015-correction-links';
import { memory0016EdgeDerivedAt } from './memory-0016-edge-derived-at';

export const memoryMigrations: readonly Migration[] = [
  memory0001Graph,
  memory0002Laws,
  memory0003ConsolidationRuns,
  memory0004EdgeSrcIndex,
  memory0005FactOrigin,
  memory0006FactCheck,
  memory0007Journal,
  memory0008FactProvenance,
  memory0009GraphCorrections,
  memory0010LawCorrections,
  memory0011TaskHealth,
  memory0012Inbox,
  memory0013McpProposals,
  memory0014RebuiltBlock,
  memory0015CorrectionLinks,
  memory0016EdgeDerivedAt,
];
