// db/app.sqlite migrations, in order. Append only: never edit a migration that has shipped.
import type { Migration } from '../migrate';
import { app0001Init } from './app-0001-init';
import { app0002RecallSnapshot } from './app-0002-recall-snapshot';
import { app0003MessageSearch } from './app-0003-message-search';
import { app0004MessageOrigin } from './app-0004-message-origin';
import { app0005MessageDates } from './app-0005-message-dates';
import { app0006McpCalls } from './app-0006-mcp-calls';
import { app0007MessageReceipt } from './app-0007-message-receipt';
import { app0008Branches } from './app-0008-branches';
import { app0009MessageVectors } from './app-0009-message-vectors';
import { app0010MessageModel } from './app-0010-message-model';
import { app0013MessageDerived } from './app-0013-message-derived';

/**
 * Versions 11 and 12 are issue 29's (attachments, chat settings), written on other branches at the same
 * time as 13. The list must be contiguous, so on this branch they stand as no-ops; the merge replaces
 * these two lines with the real migrations (a home migrated on this branch alone is a scratch home).
 */
const reservedElsewhere = (version: number): Migration => ({ version, name: `reserved-${version}`, up: '' });

export const appMigrations: readonly Migration[] = [
  app0001Init,
  app0002RecallSnapshot,
  app0003MessageSearch,
  app0004MessageOrigin,
  app0005MessageDates,
  app0006McpCalls,
  app0007MessageReceipt,
  app0008Branches,
  app0009MessageVectors,
  app0010MessageModel,
  reservedElsewhere(11),
  reservedElsewhere(12),
  app0013MessageDerived,
];
