/**
 * The key of a rule in the tables read from the rules' patterns at build time (sanitize-injection-literals.ts,
 * sanitize-secret-needs.ts): a hash of what defines the pattern, so an edited pattern is a new key (the table
 * is then stale, never wrong: a rule the table does not know always runs).
 */
import { createHash } from 'node:crypto';

export function ruleKey(definition: string): string {
  return createHash('sha256').update(definition).digest('base64url').slice(0, 22);
}
