import { describe, expect, it } from 'vitest';
import { cleanText, sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { KnownSecrets, redactStoredSecrets, storedSecretsFrom } from '../../src/main/memory/facts/sanitize-known-secrets';

/** Shaped like no provider's key: only the secret store knows it. */
const KEY = 'zq-custom-7f3a9b2c1d';

describe('values held in the secret store', () => {
  it('are redacted from a fact in every form, to [REDACTED:stored-secret], and nothing else changes', () => {
    const known = KnownSecrets.from([KEY]);
    const forms = [
      KEY,
      KEY.split('').join(' '),
      `${KEY.slice(0, 4)}\u200b\u2060${KEY.slice(4)}`,
      encodeURIComponent(`${KEY}/`),
      Buffer.from(`user:${KEY}`).toString('base64'),
      Buffer.from(KEY).toString('hex'),
    ];
    for (const form of forms) {
      const r = sanitizeFact(`Rui wrote ${form} on the whiteboard`, { knownSecrets: known });
      expect(r, form).toMatchObject({ ok: true, redactions: [{ kind: 'stored-secret' }] });
      if (r.ok) expect(r.text.replace(/%2F$/, '')).toMatch(/^Rui wrote \[REDACTED:stored-secret\](?:%2F)? on the whiteboard$/);
    }
    // Without the store's values, no pattern knows this value is a secret.
    expect(sanitizeFact(`Rui wrote ${KEY} on the whiteboard`)).toMatchObject({ ok: true, text: `Rui wrote ${KEY} on the whiteboard`, redactions: [] });
    expect(cleanText(`pasted ${KEY}`, { knownSecrets: known }).text).toBe('pasted [REDACTED:stored-secret]');
    expect(sanitizeFact('Rui keeps a paper lab notebook', { knownSecrets: known })).toEqual({ ok: true, text: 'Rui keeps a paper lab notebook', redactions: [], strippedChars: 0 });
  });

  it('too short to tell from a word are left alone', () => {
    const known = KnownSecrets.from(['tea', 'garden7']);
    expect(known.size).toBe(0);
    expect(sanitizeFact('Rui grows tea in garden7', { knownSecrets: known })).toMatchObject({ ok: true, text: 'Rui grows tea in garden7' });
  });

  it('are compiled once per set of values: the same compiled set until the store changes', () => {
    let values = [KEY];
    let reads = 0;
    const source = storedSecretsFrom(() => {
      reads++;
      return values;
    });
    const first = source();
    expect(source()).toBe(first);
    values = [KEY, 'zq-other-0a1b2c3d4e'];
    const second = source();
    expect(second).not.toBe(first);
    expect(second.size).toBe(2);
    expect(source()).toBe(second);
    // The store is asked every time (it can change at any moment); only compiling is saved.
    expect(reads).toBe(4);
  });

  it('redactStoredSecrets replaces every occurrence, merges overlapping forms, and leaves other text byte for byte', () => {
    const known = KnownSecrets.from([KEY]);
    const text = `a ${KEY} b ${KEY.split('').join(' ')} c ${KEY}${KEY} d naïve — 東京 🙂`;
    const r = redactStoredSecrets(text, known);
    // The value as written is also found in the separator-free view: one placeholder per occurrence all the same.
    expect(r.text).toBe('a [REDACTED:stored-secret] b [REDACTED:stored-secret] c [REDACTED:stored-secret][REDACTED:stored-secret] d naïve — 東京 🙂');
    expect(r.count).toBe(4);
    expect(redactStoredSecrets('nothing here', known)).toEqual({ text: 'nothing here', count: 0 });
    expect(redactStoredSecrets(text, KnownSecrets.EMPTY)).toEqual({ text, count: 0 });
  });
});
