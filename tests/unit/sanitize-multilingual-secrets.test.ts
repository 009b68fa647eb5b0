// Keyword-anchored secrets in the languages the injection lexicons cover (issue 26 §7): a password after
// its label, with or without a copula, "my" written after the label (Indonesian, Persian, Swahili, Thai),
// Polish "to" as "is"; an API key or token named in other languages. The values are made fresh on every
// run; the look-alikes (a door key under the mat, a token's lifetime) stay as written.
import { describe, expect, it } from 'vitest';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';

const word = () => ['Sol', 'Luna', 'Mar', 'Flor', 'Rio', 'Nube'][Math.floor(Math.random() * 6)];
const password = () => `${word()}${word()}${10 + Math.floor(Math.random() * 89)}`;
const key = () => Array.from({ length: 20 }, () => 'abcdefghjkmnpqrstuvwxyz23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(Math.random() * 55)]).join('') + '7Q';

const PASSWORD_SENTENCES = [
  (v: string) => `Moje hasło to ${v}`,
  (v: string) => `رمز عبور من ${v} است`,
  (v: string) => `پاس ورڈ ${v} ہے`,
  (v: string) => `Nenosiri langu ni ${v}`,
  (v: string) => `รหัสผ่านของฉันคือ ${v}`,
  (v: string) => `Kata sandi saya ${v}`,
  (v: string) => `আমার পাসওয়ার্ড ${v}`,
  (v: string) => `Mi contraseña es ${v}`,
  (v: string) => `The password to my bank is ${v}`,
];
const KEY_SENTENCES = [
  (v: string) => `Il mio token è ${v}`,
  (v: string) => `El token de la API es ${v}`,
  (v: string) => `Der API-Schlüssel ist ${v}`,
  (v: string) => `La clé API est ${v}`,
  (v: string) => `Il token API è ${v}`,
  (v: string) => `Мой ключ API: ${v}`,
];

describe('secrets named in many languages', () => {
  it('passwords after their label are redacted', () => {
    for (const make of PASSWORD_SENTENCES) {
      const v = password();
      const r = sanitizeFact(make(v));
      expect(r.ok && !r.text.includes(v), make(v)).toBe(true);
    }
  });

  it('API keys and tokens named in other languages are redacted', () => {
    for (const make of KEY_SENTENCES) {
      const v = key();
      const r = sanitizeFact(make(v));
      expect(r.ok && !r.text.includes(v), make(v)).toBe(true);
    }
  });

  it('look-alikes stay as written', () => {
    for (const text of ['La clé est sous le paillasson', 'Der Schlüssel ist im Auto', 'The token is valid for 24 hours', 'Mój klucz to ten niebieski', 'Hasło to podstawa bezpieczeństwa', 'Password manager Bitwarden works well']) {
      const r = sanitizeFact(text);
      expect(r.ok && r.text, text).toBe(text);
    }
  });
});
