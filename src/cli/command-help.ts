// The help line of every `monad` command, apart from the commands themselves: `monad` lists them all
// (usage, --help, a usage error) without importing any command, and each command's module, with the engine
// behind it, is imported only when that command runs (command-table.ts).
import { JOURNAL_LAYERS } from '../shared/journal';

export const serveHelp = 'monad serve [--home DIR] [--port N]   run the engine and the web UI on 127.0.0.1';

export const statusHelp = 'monad status [--home DIR] [--json]    print the app status (versions, home, config and db health)';

export const factsHelp =
  'monad facts list|add|edit|forget [--scope S] [TEXT] [--id ID] [--at DATE]   browse and curate L1 facts (scope: global, agent:<id>, project:<key>); --at: as they were then';

export const graphHelp = [
  'monad graph entity list|show|rename|merge|delete …   browse and correct entities (ID, or a name in --scope)',
  '        monad graph relation list|show|retract|edit|add …   browse and correct relations',
  '        monad graph proposals [accept|dismiss ID]            changes a model proposed against what you asserted',
  '      entity list [--scope S] [--query Q]; entity show ID; entity rename ID NEW NAME; entity merge KEEP DROP; entity delete ID',
  '      relation list [--scope S] [--entity ID]; relation show ID; relation retract ID [--reason TEXT]',
  '      relation edit ID [--relation R] [--from DATE] [--until DATE | --still-holds]',
  '      relation add SRC RELATION DST [--scope S] [--since DATE] [--supersede]   (SRC/DST: ids or names; new names become entities)',
].join('\n');

export const historyHelp = `monad history [--layer ${JOURNAL_LAYERS.join('|')}] [--scope S] [--actor A] [--since DATE|7d] [--limit N] [--before CURSOR]   what changed in memory, newest first`;

export const undoHelp = 'monad undo ID [--yes]   undo one history entry (--yes when it also undoes later changes it names)';

export const searchHelp = 'monad search QUERY [--agent ID] [--k N]   search past messages, facts and graph entities (best first)';

export const commandHelp = 'monad run "/COMMAND ARGS" [--agent ID] [--session ID]   run a chat slash command (/help lists them)';

export const whyHelp = 'monad why <text> [--agent ID] [--session ID]   explain the learned rules behind something';

export const lawsHelp =
  'monad laws list|reject|unreject|pin|unpin|edit|release|proposals|accept|dismiss [ID] [TEXT] [--scope S] [--reason R] [--rejected]   see and correct learned rules';

export const consolidateHelp = 'monad consolidate [--level 1-3] [--agent ID]   consolidate memory now (every agent unless --agent)';

export const backupHelp = 'monad backup [list]                    take a backup of both databases now (or list the backups)';

export const restoreHelp = 'monad restore NAME                     restore a backup (names from `monad backup list`)';

export const importHelp =
  'monad import FILE [--accept-identity]   import a Monad transcript/export, a ChatGPT conversations.json or an MCP memory graph (memory.jsonl) (idempotent); identity files it brings are shown as diffs and written only with --accept-identity';

export const exportHelp = 'monad export --out FILE [--force]   write everything (config without secrets, identity, facts, chats, graph, laws) to a file outside the home; --force replaces an existing file';

export const modelsHelp = 'monad models check [--provider P --model M] [--no-tools]   check what a model can do for memory (default: the memory model)';

export const inboxHelp = 'monad inbox [list | approve ID…|--all [--text T] | reject ID…|--all]   memory changes waiting for your approval';

export const mcpHelp = 'monad mcp [--home DIR] [--agent ID] [--read-only]   serve Monad memory to other apps over MCP (stdio; the app\'s key in MONAD_MCP_KEY)';

export const syncHelp =
  "monad sync serve --data DIR --port N [--host H --tls-cert F --tls-key F | --behind-proxy] | invite [--relay URL | --data DIR [--space NAME]] | join CODE --relay URL | join LINK [--name NAME] | now | status | devices | revoke DEVICE | consolidation-device [DEVICE|this]   run a relay, pair devices, sync this home, choose where scheduled consolidation runs (issue 30)";
