// A session's automatic title: the first line of its first message, trimmed to a sidebar-friendly length.
export const MAX_TITLE_CHARS = 60;

export function autoTitle(text: string): string {
  const firstLine = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? 'New chat';
  const clean = firstLine.replace(/^[#>*\-\s`]+/, '').replace(/\s+/g, ' ').trim() || 'New chat';
  if (clean.length <= MAX_TITLE_CHARS) return clean;
  const cut = clean.slice(0, MAX_TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
