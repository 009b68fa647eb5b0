// The mem0 explorer feature: mount <Mem0Explorer /> in the Memory tab while useMem0Active() is true.
export { Mem0Explorer, StatusLine as Mem0StatusLine } from './Mem0Explorer';
export { useMem0Active } from './use-mem0-active';
