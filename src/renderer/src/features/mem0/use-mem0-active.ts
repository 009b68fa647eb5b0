// Whether the mem0 backend is in use, kept current from the engine's push events: the Memory tab shows
// the explorer only while it is.
import { useEffect } from 'react';
import { attempt, invoke, on } from '../../lib/api';
import { useMem0 } from './store';

async function reload(): Promise<void> {
  const status = await attempt(() => invoke('mem0.status'));
  if (status) useMem0.getState().setStatus(status);
}

export function useMem0Active(): boolean {
  const backend = useMem0((s) => s.status?.backend ?? null);
  useEffect(() => {
    if (!useMem0.getState().status) void reload();
    const stopStatus = on('mem0.status', (status) => useMem0.getState().setStatus(status));
    const stopConfig = on('config.changed', () => void reload());
    return () => {
      stopStatus();
      stopConfig();
    };
  }, []);
  return backend === 'mem0';
}
