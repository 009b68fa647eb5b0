// The sandboxed preload. Built as one CommonJS file whose only require is `electron`: a sandboxed
// preload cannot load node_modules, so every other import is type-only or zod-free (channel-names).
import { contextBridge, ipcRenderer } from 'electron';
import type { BridgeGlobalName } from '../shared/bridge';
import { createBridge } from './create-bridge';

const GLOBAL_NAME: BridgeGlobalName = 'monad';
contextBridge.exposeInMainWorld(GLOBAL_NAME, createBridge(ipcRenderer));
