// The laws port as it is sent (issue 26 §2, issue 30 §2): a stored secret quoted in a law (its statement,
// the statement first derived, a rejection's reason) leaves this device as `[REDACTED:stored-secret]`, even
// when the key was saved after the law was written. A law's key is a hash of its first-derived statement, so
// a redacted law travels under the key its redacted statement has: the key the other device computes for the
// law it adds. The bridge sees this home only in sent form, so its own record read back is no change; a
// change that comes in for that key is applied to the law as this home holds it.
import type { LawSyncPort, LocalLaw } from './laws-ports';
import type { OutgoingFilter } from './sync-kind';

/** `port` seen through `outgoing`; as it is without `port.keyOf` (no keys to compute: nothing can be matched). */
export function sentLaws(port: LawSyncPort, outgoing: OutgoingFilter | undefined): LawSyncPort {
  const keyOf = port.keyOf?.bind(port);
  if (!outgoing || !keyOf) return port;
  // Per scope: this home's key by the sent key, and the reverse (refreshed at every read of the decided laws).
  const back = new Map<string, Map<string, string>>();
  const forth = new Map<string, Map<string, string>>();
  const sent = (scope: string, l: LocalLaw): LocalLaw => {
    const s = outgoing(l);
    return s === l ? l : { ...s, key: keyOf(scope, s.derivedStatement ?? s.statement) };
  };
  return {
    ...port,
    decided(scope) {
      const pairs = port.decided(scope).map((l) => [l.key, sent(scope, l)] as const);
      const moved = pairs.filter(([key, s]) => s.key !== key);
      back.set(scope, new Map(moved.map(([key, s]) => [s.key, key])));
      forth.set(scope, new Map(moved.map(([key, s]) => [key, s.key])));
      return pairs.map(([, s]) => s);
    },
    keys: (scope) => port.keys(scope).map((k) => forth.get(scope)?.get(k) ?? k),
    apply: (scope, law, device) => port.apply(scope, { ...law, key: back.get(scope)?.get(law.key) ?? law.key }, device),
  };
}
