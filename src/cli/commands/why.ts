// monad why <text> — the /why command from the CLI: learned rules matching the text, with grounding.
import { commandCommand } from './command';

export function whyCommand(argv: string[]): Promise<number> {
  const flags: string[] = [];
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--agent' || a === '--session' || a === '--home') flags.push(a, argv[++i] ?? '');
    else if (a.startsWith('--')) flags.push(a);
    else words.push(a);
  }
  return commandCommand([...flags, `/why ${words.join(' ')}`]);
}
