// Search snippets without raw Markdown (issue 17).
import { describe, expect, it } from 'vitest';
import { markdownToPlain } from '../../src/main/search/plain-text';
import { makeSnippet } from '../../src/main/search/snippet';

describe('markdownToPlain', () => {
  it('keeps the words and drops the syntax', () => {
    const md = [
      '## Packing list',
      '',
      'You need **comfortable shoes**, a _rain jacket_ and `sunscreen`. See [the guide](https://example.com/a_(b)).',
      '',
      '- [x] passport',
      '1. charger',
      '> a quote',
      '',
      '| Option | Cost |',
      '| --- | ---: |',
      '| Train | €45 |',
      '',
      '```ts',
      'const snake_case_name = 1;',
      '```',
      '~~old~~ new ![a map](map.png) ---',
    ].join('\n');
    const plain = markdownToPlain(md);
    expect(plain).not.toMatch(/[*`#>\[\]]|\(https|~~|\| ---/);
    expect(plain).toContain('Packing list');
    expect(plain).toContain('You need comfortable shoes, a rain jacket and sunscreen. See the guide.');
    expect(plain).toContain('passport');
    expect(plain).toContain('Train · €45');
    expect(plain).toContain('const snake_case_name = 1;');
    expect(plain).toContain('old new a map ---');
  });

  it('leaves plain text and word-inner underscores alone', () => {
    expect(markdownToPlain('just words here')).toBe('just words here');
    expect(markdownToPlain('call my_function_name now')).toBe('call my_function_name now');
    expect(markdownToPlain('2 * 3 * 4 = 24')).toBe('2 * 3 * 4 = 24');
  });

  it('puts snippet highlights on the words a person sees', () => {
    const s = makeSnippet('Take **comfortable shoes** to [Lisbon](https://x.y)', new Set(['shoe', 'lisbon']));
    expect(s.text).toBe('Take comfortable shoes to Lisbon');
    expect(s.highlights.map(([a, b]) => s.text.slice(a, b))).toEqual(['shoes', 'Lisbon']);
  });
});
