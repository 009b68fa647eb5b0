// Where the relay's pairing API lives, shared by the relay (relay-http.ts) and devices (pairing-client.ts)
// without the device loading the relay's server code.
export const SYNC_API = '/monad/sync';
