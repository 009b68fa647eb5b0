// Run by vitest before each test file of the projects that share one module graph (vitest.config.mts:
// `unit` and `integration`), so temp-home's clean-up is registered with every file, not only the first
// (why in temp-home.ts). The flag is set before the helper is loaded, hence the dynamic import: the
// helper's own top-level registration is for files that load it in a process of their own.
(globalThis as Record<symbol, unknown>)[Symbol.for('monad.test.tempHomeHooksBySetupFile')] = true;
const { installTempHomeHooks } = await import('./temp-home');
installTempHomeHooks();

export {};
