import { describe, expect, it } from 'vitest';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { stripInvisible } from '../../src/main/memory/facts/sanitize-unicode';

/**
 * Right-to-left marks (issue 26 §7): Hebrew and Arabic writers put LRM/RLM/ALM after a Latin name or a
 * number so the punctuation around it displays the right way. They were stripped from benign facts. They
 * stay now where a writer puts them, and still go where they can only split a word or a key.
 */
const RLM = '\u200f';
const LRM = '\u200e';
const ALM = '\u061c';

describe('direction marks in right-to-left text', () => {
  it.each([
    [`המשתמש גר בחיפה${RLM} ועובד כמורה למתמטיקה.`],
    [`הפגישה עם David Cohen${RLM} ביום שלישי בשעה 10:00.`],
    [`اسم المستخدم سارة${RLM} وتعيش في عمّان مع عائلتها.`],
    [`الاجتماع مع فريق Marketing${RLM} يوم الأحد القادم.`],
    [`رقم الغرفة 12${ALM}ب في الطابق الثاني.`],
    [`${LRM}iPhone 15${LRM} הוא הטלפון של המשתמש.`],
  ])('are kept: %s', (text) => {
    expect(sanitizeFact(text)).toEqual({ ok: true, text, redactions: [], strippedChars: 0 });
  });

  it('are stripped inside a run of other characters, where they only split a word or a key', () => {
    const key = `sk-proj-${'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'}`;
    const split = `${key.slice(0, 10)}${RLM}${key.slice(10)}`;
    const r = sanitizeFact(`המפתח של המשתמש: ${split}`);
    expect(r.ok && r.text).toBe('המפתח של המשתמש: [REDACTED:openai-key]');
    expect(stripInvisible(`ig${RLM}nore`).text).toBe('ignore');
  });

  it('are stripped from text with no right-to-left letters', () => {
    expect(stripInvisible(`User lives in Porto${RLM}.`)).toMatchObject({ text: 'User lives in Porto.', stripped: 1 });
  });

  it('bidi overrides and isolates are still stripped in right-to-left text', () => {
    const text = `המשתמש \u202eגר בחיפה\u202c.`;
    expect(stripInvisible(text).text).toBe('המשתמש גר בחיפה.');
  });
});
