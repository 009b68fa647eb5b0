// Environment-file assignments (`.env`, `export X=…`, a compose file's environment list): an UPPER_SNAKE
// name that ends in a secret word, `=`, and its value. The shape alone says what the value is, so no
// entropy floor applies: `SESSION_SECRET="keyboard cat"` and `JWT_SECRET=mysecret` are weak secrets, but
// secrets (the general assignment rule in sanitize-secrets.ts wants a random-looking value, because in
// prose "token: see the vault" is a remark). Names that end in KEY or SALT name ids and sort orders as often
// as secrets (`SORT_KEY=created_at`), so for them the value must look like one.
import type { SecretRule } from './sanitize-secret-providers';
import { isCodeReference, isPlaceholderValue, looksLikeKeyedSecret } from './sanitize-secret-shapes';

/** The name's last part: glued (PGPASSWORD, CLIENTSECRET) or its own part (SMTP_PASS, STRIPE_KEY). */
const NAME = String.raw`(?<![A-Za-z0-9_.$-])((?:[A-Z][A-Z0-9]*_)*(?:[A-Z0-9]*(SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)|(?:[A-Z][A-Z0-9]*_)?(PASS|PWD|SALT|KEY)))`;
/** Values that configure rather than hold a secret: flags, references to another variable, nothing. */
const NOT_A_VALUE = /^(?:true|false|yes|no|on|off|0|1|null|none|nil|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$/i;

/** A KEY a qualifier makes secret whatever it looks like: API_KEY, SECRET_ACCESS_KEY, PRIVATE_KEY. */
const SECRET_KIND_OF_KEY = /(?:SECRET|PRIVATE|API|ACCESS|ENCRYPTION|SIGNING|MASTER|LICENSE)_?KEY$/;

function acceptValue(value: string, m: RegExpExecArray): boolean {
  const word = (m[2] ?? m[3] ?? '').toUpperCase();
  const v = value.trim();
  if (!v || NOT_A_VALUE.test(v) || isPlaceholderValue(v) || isCodeReference(v)) return false;
  // A shortened example ("sk-...", "ghp_…") shows a key's shape, not a key.
  if (/(?:\.{3}|…)$/.test(v)) return false;
  if (word === 'KEY' && SECRET_KIND_OF_KEY.test(m[1])) return true;
  if (word === 'KEY' || word === 'SALT') return looksLikeKeyedSecret(v) || (v.length >= 12 && /[0-9]/.test(v) && /[A-Za-z]/.test(v) && !/^[a-z0-9_.-]+$/.test(v));
  return true;
}

const kind = (m: RegExpExecArray) => {
  const word = (m[2] ?? m[3] ?? '').toUpperCase();
  if (/^(?:PASS|PWD|PASSWORD|PASSWD|PASSPHRASE)$/.test(word)) return 'password' as const;
  return word === 'TOKEN' ? ('token' as const) : ('secret' as const);
};

export const ENV_ASSIGNMENT_RULES: SecretRule[] = [
  {
    // A line of its own (a .env file, `export X=…`) with a quoted value: the value whole, spaces and all.
    kind,
    pattern: new RegExp(String.raw`^[ \t]*(?:export[ \t]+|-[ \t]+)?${NAME}=(["'])([^\n]*?)\4[ \t]*(?:#[^\n]*)?$`, 'dgm'),
    group: 5,
    accept: (value, m) => acceptValue(value, m),
  },
  {
    // Unquoted, on its own line or inside a sentence ("set SESSION_SECRET=keyboardcat and restart"): the
    // value ends at a space, as a shell reads it (`PGPASSWORD=x psql -h db` runs psql).
    kind,
    pattern: new RegExp(String.raw`${NAME}=(["']?)([^\s"'\x60,;<>]{1,512})\4`, 'dg'),
    group: 5,
    accept: (value, m) => acceptValue(value, m),
  },
];
