// The content keys that name graph records in sync (issue 30 §2): an entity by its scope and normalised name,
// a relation by its scope, both ends' normalised names, its normalised wording and its provenance class — the
// fields the store merges on — so that what two devices derived is one record.
import { createHash } from 'node:crypto';
import type { ProvClass } from '../shared/domain';
import { normalizeName, normalizeRelation } from './memory/graph/graph-normalize';

const hash = (parts: string[]): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24);
export const entityKey = (scope: string, name: string): string => hash(['entity', scope, normalizeName(name)]);
export const relationKey = (scope: string, src: string, relation: string, dst: string, prov: ProvClass): string =>
  hash(['relation', scope, normalizeName(src), normalizeRelation(relation), normalizeName(dst), prov]);

