// Scope keys name files (`agent:bob` → memory/agent-bob.md). On the case-insensitive file systems of macOS
// and Windows `project:A` and `project:a` would be one file under two names, so keys are
// case-insensitive everywhere: every id Monad makes is lower case (agent ids, project hashes, session
// uuids), and a scope that arrives from outside (the API, MCP, the CLI, an import) is taken in lower case.

/** `agent:Bob` → `agent:bob`; `global` unchanged. */
export function canonicalScope(scope: string): string {
  const i = scope.indexOf(':');
  return i < 0 ? scope : `${scope.slice(0, i)}:${scope.slice(i + 1).toLowerCase()}`;
}
