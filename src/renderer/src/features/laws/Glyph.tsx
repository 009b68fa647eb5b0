// Stroke icons the Laws tab and Settings → Memory need beyond the shell's set (same 24×24 grid and
// stroke as app/icons.tsx), plus the small spinner both use while the engine works.
import { StrokeIcon } from '../../app/icons';
const PATHS = {
  refresh: 'M20 11a8 8 0 0 0-14.7-4.3L4 8M4 4v4h4M4 13a8 8 0 0 0 14.7 4.3L20 16M20 20v-4h-4',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4',
  fact: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  relation: 'M5 12h14M15 8l4 4-4 4M5 8v8',
  message: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z',
  arrow: 'M7 17L17 7M9 7h8v8',
  play: 'M7 5l12 7-12 7z',
  stop: 'M7 7h10v10H7z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  layers: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  pin: 'M9 4h6l-1 6 4 3v2H6v-2l4-3zM12 15v6',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
} as const;

export type GlyphName = keyof typeof PATHS;

export function Glyph({ name, size = 16, className }: { name: GlyphName; size?: number; className?: string }) {
  return <StrokeIcon d={PATHS[name]} size={size} className={className} />;
}

export function Spinner({ size = 14, label }: { size?: number; label?: string }) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid="spinner"
    />
  );
}
