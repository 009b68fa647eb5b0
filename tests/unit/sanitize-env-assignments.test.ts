// Environment-file assignments (issue 26 §7): the shape NAME_ENDING_IN_A_SECRET_WORD=value says what the
// value is, so weak, word-like secrets are redacted too (`SESSION_SECRET="keyboard cat"`), while settings
// about secrets, references to other variables, flags and shortened examples stay as written. Values are
// made fresh on every run: the rule must hold for the class, not for one string.
import { describe, expect, it } from 'vitest';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';

const WORDS = ['keyboard', 'cat', 'sunflower', 'blue', 'whale', 'mysecret', 'letmein', 'dragon', 'monkey', 'tigre', 'sakura', 'hunter'];
const pick = () => WORDS[Math.floor(Math.random() * WORDS.length)];
const weakValue = () => (Math.random() < 0.5 ? pick() + pick() : `${pick()}${Math.floor(Math.random() * 100)}`);

const SECRET_NAMES = ['SESSION_SECRET', 'JWT_SECRET', 'APP_SECRET', 'ADMIN_PASSWORD', 'DB_PASSWORD', 'SMTP_PASS', 'MAIL_PWD', 'PGPASSWORD', 'REDIS_PASSWD', 'GPG_PASSPHRASE', 'NPM_TOKEN', 'SLACK_BOT_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'STRIPE_API_KEY', 'SIGNING_KEY'];

function redacted(text: string, value: string): boolean {
  const r = sanitizeFact(text);
  return r.ok && !r.text.includes(value) && r.text.includes('[REDACTED:');
}

describe('.env assignments', () => {
  it('redact a weak value under any secret-ending name, quoted, unquoted, exported or inside a sentence', () => {
    for (const name of SECRET_NAMES) {
      const v = weakValue();
      const phrase = `${pick()} ${pick()} ${Math.floor(Math.random() * 90) + 10}`;
      expect(redacted(`${name}=${v}`, v), `${name}=${v}`).toBe(true);
      expect(redacted(`export ${name}="${v}"`, v), `export ${name}="${v}"`).toBe(true);
      expect(redacted(`${name}='${phrase}'`, phrase), `${name}='${phrase}'`).toBe(true);
      expect(redacted(`then set ${name}=${v} and restart the app`, v)).toBe(true);
      expect(redacted(`APP_ENV=production\n${name}=${v}\nPORT=3000`, v)).toBe(true);
    }
  });

  it('leave settings about secrets, references, flags, placeholders and shortened examples alone', () => {
    for (const text of [
      'MIN_PASSWORD_LENGTH=12',
      'PASSWORD_RESET_TTL=3600',
      'SORT_KEY=created_at',
      'PRIMARY_KEY=id',
      'USE_TOKEN=true',
      'GITHUB_TOKEN=${GH_TOKEN}',
      'JWT_SECRET=process.env.JWT_SECRET',
      'Put your key in the config like OPENAI_API_KEY=sk-... and restart.',
      'API_TOKEN=<your token here>',
      'MONKEY=banana',
      'TOKENIZER=bert-base',
      'The CI sets API_TOKEN from the vault',
    ]) {
      const r = sanitizeFact(text);
      expect(r.ok && r.text, text).toBe(text);
    }
  });
});
