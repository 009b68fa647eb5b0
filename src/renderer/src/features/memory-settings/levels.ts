// The three memory levels, each including the ones below it, as the memory settings name and describe them.
import type { Level } from './store';

export const LEVELS: { level: Level; label: string; detail: string }[] = [
  { level: 1, label: 'Facts', detail: 'Merge duplicate facts' },
  { level: 2, label: 'Graph', detail: '+ extract entities and relations from chats' },
  { level: 3, label: 'Laws', detail: '+ infer general rules' },
];
