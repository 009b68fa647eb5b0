// db/app.sqlite migrations, in order. Append only: never edit a migration that has shipped.
import type { Migration } from '../migrate';
import { app0001Init } from './app-0001-init';
import { app0002RecallSnapshot } from './app-0002-recall-snapshot';
import { app0003MessageSearch } from './app-0003-message-search';
import { app0004MessageOrigin } from './app-0004-message-origin';
import { app0006Branches } from './app-0006-branches';

// Version 5 belongs to the receipts branch (session 4 plan); this stand-in keeps the list contiguous on
// the shell branch and is replaced by receipts' app-0005 when the branches are merged.
const app0005Reserved: Migration = { version: 5, name: 'reserved-receipts', up: '' };

export const appMigrations: readonly Migration[] = [
  app0001Init,
  app0002RecallSnapshot,
  app0003MessageSearch,
  app0004MessageOrigin,
  app0005Reserved,
  app0006Branches,
];
