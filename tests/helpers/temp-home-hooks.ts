// Run by vitest before each test file (vitest.config.mts setupFiles), also in the projects that share one
// module graph: the temp-home clean-up is registered with every file, not only the first (temp-home.ts).
import { installTempHomeHooks } from './temp-home';

installTempHomeHooks();
