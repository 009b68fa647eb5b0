// The identity files (USER.md, SOUL.md, AGENTS.md, the workspace's) as the Memory tab edits them.

export type CoreFileKind = 'user' | 'soul' | 'agents' | 'workspace';

export interface CoreFileView {
  kind: CoreFileKind;
  path: string;
  exists: boolean;
  content: string;
  /** Pass back when saving: a save is refused if the file changed on disk since. */
  mtimeMs: number | null;
  error: string | null;
}
