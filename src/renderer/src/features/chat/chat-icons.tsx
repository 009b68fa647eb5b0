// Stroke icons the chat needs beyond the shell's set (same 24×24 grid, currentColor).
import { StrokeIcon } from '../../app/icons';
const PATHS = {
  copy: 'M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1zM5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  regenerate: 'M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6',
  send: 'M12 19V5M6 11l6-6 6 6',
  stop: 'M7 7h10v10H7z',
  folder: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  incognito: 'M3 11h18M5 11l2-6h10l2 6M7 18a3 3 0 1 0 0-.01M17 18a3 3 0 1 0 0-.01M10 17.5c1.3-.7 2.7-.7 4 0',
  sliders: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  tool: 'M14.7 6.3a4 4 0 0 0-5.4 5.2L3.6 17.2a1.4 1.4 0 0 0 2 2l5.7-5.7a4 4 0 0 0 5.2-5.4l-2.6 2.6-2.1-.5-.5-2.1z',
  chevronRight: 'M9 6l6 6-6 6',
  alert: 'M12 9v4M12 17h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  terminal: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM7 10l3 2-3 2M12 15h5',
  pencil: 'M4 20h4L19 9a2.1 2.1 0 0 0-4-4L4 16v4zM14 6l4 4',
} as const;

export type ChatIconName = keyof typeof PATHS;

export function ChatIcon({ name, size = 16, className }: { name: ChatIconName; size?: number; className?: string }) {
  return <StrokeIcon d={PATHS[name]} size={size} className={className} />;
}
