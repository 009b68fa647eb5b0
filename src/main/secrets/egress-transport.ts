// MCP messages to another app pass the egress filter at the transport, the one place every tool result,
// resource, prompt and error goes through on its way out, whatever the tool or handler that made it.
import type { EgressFilter } from './egress-filter';

/** The part of an MCP transport (stdio or Streamable HTTP) that sends. */
interface Sending<M, O> {
  send(message: M, options?: O): Promise<void>;
}

/** Makes `transport` filter every message it sends; returns it for chaining. */
export function filterOutgoing<M, O, T extends Sending<M, O>>(transport: T, egress: EgressFilter): T {
  const send = transport.send.bind(transport);
  transport.send = (message: M, options?: O) => send(egress.value(message), options);
  return transport;
}
