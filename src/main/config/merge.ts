// Deep merge for config patches: objects merge key by key, arrays and scalars replace, `null` deletes.
export function deepMerge<T>(base: T, patch: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    // Guard against prototype pollution through a crafted patch.
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const current = out[key];
    if (value === null) delete out[key];
    else if (isPlainObject(value) && isPlainObject(current)) out[key] = deepMerge(current, value);
    else out[key] = value;
  }
  return out as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
