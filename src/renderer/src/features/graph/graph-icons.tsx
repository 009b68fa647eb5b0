// Stroke icons the Graph tab needs beyond the shell's set (same 24×24 grid, currentColor).
import { StrokeIcon } from '../../app/icons';
const PATHS = {
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  fit: 'M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  arrowLeft: 'M19 12H5M11 6l-6 6 6 6',
  message: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z',
  layers: 'M12 4l9 5-9 5-9-5 9-5zM3 14l9 5 9-5',
} as const;

export type GraphIconName = keyof typeof PATHS;

export function GraphIcon({ name, size = 16, className }: { name: GraphIconName; size?: number; className?: string }) {
  return <StrokeIcon d={PATHS[name]} size={size} className={className} />;
}
