// `/mcp` once a host's own guards passed (repeated headers, Host, Origin: security.ts): the bearer, then
// the JSON body within the API's limit, then MCP's transport. One route for `monad serve` (its per-run
// token) and the desktop app's listener (the persistent token), so the two cannot drift apart.
//
// The bearer says who is calling (issue 26 §1): an app's own key (`monad_app_…`) is that app, with what
// the person allowed it; the host's shared token is "an app without a key of its own", which may only
// read and is listed in Settings for the person to approve; anything else is refused (401). Shared tokens
// are compared in constant time; app keys are matched against stored hashes by mcp-app-keys.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendError } from '../http/http-io';
import { bearerFrom, tokenMatches } from '../http/security';
import { isAppKeyShape } from './mcp-app-keys';
import type { McpCaller } from './mcp-clients';
import type { McpHttpEndpoint } from './mcp-http';

/** An MCP message is small JSON; the same bound as a contract call's input. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

export async function serveMcpRoute(req: IncomingMessage, res: ServerResponse, token: string, endpoint: () => Promise<McpHttpEndpoint>): Promise<void> {
  const bearer = bearerFrom(req.headers);
  let caller: McpCaller;
  if (tokenMatches(bearer, token)) caller = { kind: 'keyless' };
  else if (isAppKeyShape(bearer)) caller = { kind: 'app', key: bearer };
  else return sendError(res, { code: 'UNAUTHORIZED', message: 'Missing or wrong token' });
  if (req.method !== 'POST') return (await endpoint()).handle(req, res, undefined, caller);
  const body = await readJsonBody(req, MCP_MAX_BODY_BYTES);
  if (!body.ok) return sendError(res, body.error);
  return (await endpoint()).handle(req, res, body.data, caller);
}
