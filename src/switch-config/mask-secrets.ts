// Secrets of a running configuration masked before it is kept (issue 38): enable secrets, user passwords, SNMP
// communities and SNMPv3 keys, TACACS+/RADIUS keys, pre-shared keys, routing and NTP keys, crypt(3) and Junos $9$
// strings, passwords in URLs. The rules follow the command grammar the dialects share (Cisco IOS/IOS-XE, NX-OS,
// Arista EOS, Aruba CX, Junos in both its forms), not one file: a keyword that introduces a secret, the modifiers
// that may stand between it and the value (an encryption type, an algorithm), and the context that tells a secret
// from a name (an SNMP community from a BGP one). A masked value keeps a short hash, so a diff still shows which
// secret changed.
import { createHash, createHmac } from 'node:crypto';

/** How to mask: with a key, the short hash is an HMAC (a weak secret such as "public" cannot be looked up by its hash). */
export interface MaskOptions {
  hashKey?: string;
}

/** A token of a line: its text and where it starts. */
interface Token {
  text: string;
  start: number;
}

/** A mask already made, a quoted string (escapes kept), or a run of anything else but white space and quotes. */
const TOKEN = /<masked sha256:[0-9a-f]{8}>|"(?:[^"\\]|\\.)*"?|[^\s"]+/g;
const MASK = /^"?<masked sha256:[0-9a-f]{8}>"?$/;
/** crypt(3) strings ($1$ MD5, $5$/$6$ SHA, $8$/$9$ Cisco PBKDF2/scrypt, $y$ yescrypt) and Junos $9$ obfuscation. */
const CRYPT_STRING = /^"?\$(?:1|2[abxy]?|5|6|8|9|y|sha\d*)\$/;
/** The password in a URL's user part: `ftp://user:password@host`. */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:@/"]+:)([^\s@"]+)(@)/gi;

/** Words that may stand between a keyword and its secret: encryption types, algorithms, how the value is written. */
const MODIFIERS = new Set([
  ...['md5', 'sha', 'sha1', 'sha-1', 'sha224', 'sha-224', 'sha256', 'sha-256', 'sha384', 'sha-384', 'sha512', 'sha-512'],
  ...['des', '3des', 'aes', 'aes128', 'aes-128', 'aes192', 'aes-192', 'aes256', 'aes-256', 'aes-cfb128'],
  ...['encrypted', 'plaintext', 'ciphertext', 'ascii', 'hex', 'hexadecimal', 'ascii-text', 'text', 'local', 'remote'],
  ...['auth-pass', 'priv-pass', 'level'],
]);

/** What follows `password` or `key` when the line sets no secret (`no password strength-check`, `crypto key generate`, `ssh key rsa`). */
const NOT_A_VALUE = new Set(['strength-check', 'encryption', 'complexity', 'policy', 'history', 'chain', 'config-key', 'generate']);
const KEY_ALGORITHMS = new Set(['rsa', 'dsa', 'ecdsa', 'ed25519']);

/** A keyword that introduces a secret, and whether it does in this place (the words before it, its block's heads first). */
interface SecretKeyword {
  applies?: (before: string[], after: string[]) => boolean;
}

const isSnmp = (before: string[]) => before.some((word) => word === 'snmp' || word === 'snmp-server');
const isSnmpUser = (before: string[]) =>
  before.some((word, i) => (word === 'snmp-server' && before[i + 1] === 'user') || word === 'snmpv3');
const settingValue = (_before: string[], after: string[]) => !NOT_A_VALUE.has(after[0] ?? '');

const SECRET_KEYWORDS = new Map<string, SecretKeyword>([
  ['secret', {}],
  ['password', { applies: settingValue }],
  ['encrypted-password', {}],
  ['password-encrypt', {}],
  ['key', { applies: isSecretKey }],
  ['key-string', {}],
  ['server-key', {}],
  ['pre-shared-key', {}],
  ['wpa-psk', {}],
  ['authentication-key', {}],
  ['message-digest-key', {}],
  ['community', { applies: isSnmp }],
  ['auth', { applies: isSnmpUser }],
  ['priv', { applies: isSnmpUser }],
  // VRRP `authentication text <secret>` (text is a modifier) and HSRP `standby <group> authentication <secret>`.
  [
    'authentication',
    { applies: (before, after) => after[0] === 'text' || (before.includes('standby') && !['md5', 'text'].includes(after[0])) },
  ],
]);

/** `key` sets a secret unless it names a key chain's key by its number, a key pair, or a command of its own (`crypto key`). */
function isSecretKey(before: string[], after: string[]): boolean {
  if (before.at(-1) === 'crypto' || !settingValue(before, after) || KEY_ALGORITHMS.has(after[0] ?? '')) return false;
  const inKeyChain = before.some((word, i) => word === 'key-chain' || (word === 'key' && before[i + 1] === 'chain'));
  return !(inKeyChain && /^[0-9]+$/.test(after[0] ?? ''));
}

/**
 * The configuration with every secret's value replaced by `<masked sha256:1a2b3c4d>` (in quotes where it was quoted),
 * the first 8 hex digits of the value's SHA-256 (an HMAC-SHA-256 with `hashKey`): the same value always gives the same
 * mask, another value another one. Everything else, line ends included, is kept as it was; masking twice changes nothing.
 */
export function maskSecrets(text: string, options: MaskOptions = {}): string {
  const parents: { indent: number; words: string[] }[] = [];
  return text
    .split('\n')
    .map((line) => {
      const indent = line.length - line.trimStart().length;
      const tokens = tokensOf(line);
      if (tokens.length === 0) return line;
      while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
      const words = tokens.map((token) => wordOf(token.text));
      const masked = maskLine(
        line,
        tokens,
        words,
        parents.flatMap((parent) => parent.words),
        options,
      );
      if (!isComment(words[0])) parents.push({ indent, words });
      return masked;
    })
    .join('\n');
}

function tokensOf(line: string): Token[] {
  return [...line.matchAll(TOKEN)].map((match) => ({ text: match[0], start: match.index }));
}

/** A token as a keyword is compared: lower case, without quotes or Junos' closing `;`. */
function wordOf(text: string): string {
  return text.replace(/;$/, '').replace(/^"|"$/g, '').toLowerCase();
}

function isComment(word: string): boolean {
  return word.startsWith('!') || word.startsWith('#');
}

/** The indexes of a line's tokens that hold secrets, masked; comments only lose crypt strings and URL passwords. */
function maskLine(line: string, tokens: Token[], words: string[], context: string[], options: MaskOptions): string {
  const secret = new Set<number>();
  tokens.forEach((token, i) => {
    if (CRYPT_STRING.test(token.text)) secret.add(i);
  });
  if (!isComment(words[0])) {
    for (const index of keywordValues(words, context)) secret.add(index);
    for (const index of snmpHostCommunity(words)) secret.add(index);
    const junosSecret = junosSecretData(tokens);
    if (junosSecret !== undefined) secret.add(junosSecret);
  }
  let out = line;
  for (const index of [...secret].sort((a, b) => b - a)) {
    const token = tokens[index];
    if (MASK.test(token.text)) continue;
    out = out.slice(0, token.start) + maskedToken(token.text, options) + out.slice(token.start + token.text.length);
  }
  return out.replace(URL_PASSWORD, (_all, head: string, password: string, at: string) =>
    MASK.test(password) ? `${head}${password}${at}` : `${head}${mask(password, options)}${at}`,
  );
}

/** The value of each secret keyword: the first word after it that is not a modifier, else the number it ends on. */
function keywordValues(words: string[], context: string[]): number[] {
  const found: number[] = [];
  const leading = words[0] === 'no' || words[0] === 'set' ? 1 : 0;
  for (let i = leading; i < words.length; i++) {
    const keyword = SECRET_KEYWORDS.get(words[i]);
    if (!keyword) continue;
    const before = [...context, ...words.slice(leading, i)];
    if (keyword.applies && !keyword.applies(before, words.slice(i + 1))) continue;
    const value = valueAfter(words, i);
    if (value === undefined) continue;
    found.push(value);
    i = value;
  }
  return found;
}

function valueAfter(words: string[], keyword: number): number | undefined {
  let lastNumber: number | undefined;
  for (let j = keyword + 1; j < words.length; j++) {
    const word = words[j];
    if (word === '{' || word === '' || isComment(word)) break;
    if (/^[0-9]+$/.test(word)) lastNumber = j;
    else if (!MODIFIERS.has(word)) return j;
  }
  return lastNumber;
}

/**
 * `snmp-server host <address> [vrf <name>] [informs|traps] [version 1|2c|3 [auth|noauth|priv]] <community> …`: the
 * community of SNMPv1/v2c (Aruba CX names it after `community`, which keywordValues masks); SNMPv3 names a user there.
 */
function snmpHostCommunity(words: string[]): number[] {
  const start = words[0] === 'no' ? 1 : 0;
  if (words[start] !== 'snmp-server' || words[start + 1] !== 'host') return [];
  let i = start + 3;
  let version = '';
  while (i < words.length) {
    const word = words[i];
    if (word === 'vrf' || word === 'version') {
      if (word === 'version') version = words[i + 1] ?? '';
      i += 2;
    } else if (['informs', 'traps', 'inform', 'trap', 'auth', 'noauth', 'priv'].includes(word)) i++;
    else break;
  }
  if (i >= words.length || version === '3' || version === 'v3' || words[i] === 'community') return [];
  return [i];
}

/** Junos marks each line that holds a secret with `## SECRET-DATA`: its value is the last token before the `;`. */
function junosSecretData(tokens: Token[]): number | undefined {
  const marker = tokens.findIndex((token, i) => token.text === '##' && tokens[i + 1]?.text === 'SECRET-DATA');
  if (marker < 1) return undefined;
  const last = tokens[marker - 1].text === ';' ? marker - 2 : marker - 1;
  return last >= 1 ? last : undefined;
}

/** A token masked, its quotes and Junos' closing `;` kept. */
function maskedToken(text: string, options: MaskOptions): string {
  const [, open, value, close] = /^("?)(.*?)("?;?)$/.exec(text)!;
  return `${open}${mask(value, options)}${close}`;
}

function mask(value: string, options: MaskOptions): string {
  const hash = options.hashKey === undefined ? createHash('sha256') : createHmac('sha256', options.hashKey);
  return `<masked sha256:${hash.update(value).digest('hex').slice(0, 8)}>`;
}
