// Confidence decay, computed at read time only: effective = confidence × 0.5^(age / halfLife).
// A law is eligible for recall when it is not contradicted and its effective confidence is above the floor.
const DAY_MS = 86_400_000;

export interface DecaySettings {
  halfLifeDays: number;
  floor: number;
}

export function ageDays(derivedAt: string, now: Date): number {
  return Math.max(0, (now.getTime() - Date.parse(derivedAt)) / DAY_MS);
}

export function effectiveConfidence(confidence: number, derivedAt: string, now: Date, s: DecaySettings): number {
  return confidence * Math.pow(0.5, ageDays(derivedAt, now) / s.halfLifeDays);
}

export function isEligible(law: { confidence: number; derivedAt: string; contradictedBy: string | null }, now: Date, s: DecaySettings): boolean {
  return law.contradictedBy === null && effectiveConfidence(law.confidence, law.derivedAt, now, s) > s.floor;
}
