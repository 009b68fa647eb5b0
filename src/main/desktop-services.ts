// What the desktop app runs beside its window, started after the engine opens and stopped before it
// closes: the MCP listener that lets other apps use Monad's memory when the person switched it on
// (issue 19 §1). Kept out of index.ts (which imports electron) so a Node test drives the same code the
// app runs; the stop also ends what the engine started on demand (mem0's qdrant, MCP tool servers).
import type { McpClientService } from './mcp-client/mcp-client-service';
import type { McpHttpListener } from './mcp/mcp-http-listener';
import type { Mem0Layer } from './memory/mem0-layer';

/** The parts of the engine these services start and stop (the Engine satisfies it; issue 28 §1). */
export interface DesktopServicePorts {
  mcpHttp: Pick<McpHttpListener, 'start' | 'stop'>;
  mem0: Pick<Mem0Layer, 'stop'>;
  mcp: Pick<McpClientService, 'close'>;
}

export interface DesktopServices {
  /** Resolves once the listener follows the config (listening, or failed with its reason in Settings). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startDesktopServices(engine: DesktopServicePorts): DesktopServices {
  const ready = engine.mcpHttp.start();
  return {
    ready,
    // Each part is stopped whatever another one does: a failing qdrant stop must not leave the port open.
    stop: async () => {
      const results = await Promise.allSettled([engine.mcpHttp.stop(), engine.mem0.stop(), engine.mcp.close()]);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
