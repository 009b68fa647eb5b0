// `/mcp` once a host's own guards passed (repeated headers, Host, Origin: security.ts): the bearer token,
// compared in constant time, then the JSON body within the API's limit, then MCP's transport. One route
// for `monad serve` (its per-run token) and the desktop app's listener (the persistent token), so the
// two cannot drift apart.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendError } from '../server/http-io';
import { bearerFrom, tokenMatches } from '../server/security';
import type { McpHttpEndpoint } from './mcp-http';

/** An MCP message is small JSON; the same bound as a contract call's input. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

export async function serveMcpRoute(req: IncomingMessage, res: ServerResponse, token: string, endpoint: () => Promise<McpHttpEndpoint>): Promise<void> {
  if (!tokenMatches(bearerFrom(req.headers), token)) return sendError(res, { code: 'UNAUTHORIZED', message: 'Missing or wrong token' });
  if (req.method !== 'POST') return (await endpoint()).handle(req, res, undefined);
  const body = await readJsonBody(req, MCP_MAX_BODY_BYTES);
  if (!body.ok) return sendError(res, body.error);
  return (await endpoint()).handle(req, res, body.data);
}
