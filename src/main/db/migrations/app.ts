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
import { app0011Attachments } from './app-0011-attachments';
import { app0012ChatSettings } from './app-0012-chat-settings';
import { app0013MessageDerived } from './app-0013-message-derived';
import { app0014MessageOrder } from './app-0014-message-order';

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
  app0011Attachments,
  app0012ChatSettings,
  app0013MessageDerived,
  app0014MessageOrder,
];
