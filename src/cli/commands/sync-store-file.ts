// Where a home keeps its synced documents and what it remembers between syncs (pairing included, never the
// credential): the engine's one definition, named here for the CLI and its tests.
export { deviceStoreFile as syncStoreFile } from '../../main/sync/device-store-file';
