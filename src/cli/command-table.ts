// The commands `monad` knows, each with its help line and its module. A module is imported when its
// command runs, never before: a start pays only for what its own command needs (the engine, the MCP SDK,
// Yjs and Hocuspocus for sync), and `monad help` or a mistyped command loads none of them.
import * as help from './command-help';

type Command = (argv: string[]) => Promise<number>;

export interface CommandEntry {
  run: Command;
  help: string;
}

export const COMMANDS: Record<string, CommandEntry> = {
  serve: { run: (argv) => import('./commands/serve').then((m) => m.serveCommand(argv)), help: help.serveHelp },
  status: { run: (argv) => import('./commands/status').then((m) => m.statusCommand(argv)), help: help.statusHelp },
  facts: { run: (argv) => import('./commands/facts').then((m) => m.factsCommand(argv)), help: help.factsHelp },
  graph: { run: (argv) => import('./commands/graph').then((m) => m.graphCommand(argv)), help: help.graphHelp },
  history: { run: (argv) => import('./commands/history').then((m) => m.historyCommand(argv)), help: help.historyHelp },
  undo: { run: (argv) => import('./commands/history').then((m) => m.undoCommand(argv)), help: help.undoHelp },
  search: { run: (argv) => import('./commands/search').then((m) => m.searchCommand(argv)), help: help.searchHelp },
  run: { run: (argv) => import('./commands/command').then((m) => m.commandCommand(argv)), help: help.commandHelp },
  why: { run: (argv) => import('./commands/why').then((m) => m.whyCommand(argv)), help: help.whyHelp },
  laws: { run: (argv) => import('./commands/laws').then((m) => m.lawsCommand(argv)), help: help.lawsHelp },
  consolidate: { run: (argv) => import('./commands/consolidate').then((m) => m.consolidateCommand(argv)), help: help.consolidateHelp },
  backup: { run: (argv) => import('./commands/backup').then((m) => m.backupCommand(argv)), help: help.backupHelp },
  restore: { run: (argv) => import('./commands/backup').then((m) => m.restoreCommand(argv)), help: help.restoreHelp },
  import: { run: (argv) => import('./commands/transfer').then((m) => m.importCommand(argv)), help: help.importHelp },
  export: { run: (argv) => import('./commands/transfer').then((m) => m.exportCommand(argv)), help: help.exportHelp },
  // The model self-test (issue 18 §3).
  models: { run: (argv) => import('./commands/models').then((m) => m.modelsCommand(argv)), help: help.modelsHelp },
  // Inbox (issue 16 §3)
  inbox: { run: (argv) => import('./commands/inbox').then((m) => m.inboxCommand(argv)), help: help.inboxHelp },
  // MCP server (issue 19)
  mcp: { run: (argv) => import('./commands/mcp').then((m) => m.mcpCommand(argv)), help: help.mcpHelp },
  // Sync (issue 30)
  sync: { run: (argv) => import('./commands/sync').then((m) => m.syncCommand(argv)), help: help.syncHelp },
};
