// db/app.sqlite migrations, in order. Append only: never edit a migration that has shipped.
import type { Migration } from '../migrate';
import { app0001Init } from './app-0001-init';

export const appMigrations: readonly Migration[] = [app0001Init];
