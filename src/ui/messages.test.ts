import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, t, tParts } from './messages.ts';

const UI = import.meta.dirname;

/** The source of every module of the UI but the catalogue and the tests. */
function sources(): { file: string; text: string }[] {
  return readdirSync(UI, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'messages.ts')
    .map((file) => ({ file, text: readFileSync(join(UI, file), 'utf8') }));
}

const KEYS = Object.keys(en);

describe('the message catalogue', () => {
  it('has every key that t() and tParts() are called with', () => {
    const missing: string[] = [];
    for (const { file, text } of sources()) {
      for (const m of text.matchAll(/\bt(?:Parts)?\(\s*'([^']+)'/g)) if (!(m[1]! in en)) missing.push(`${file}: ${m[1]}`);
      // A key built from a value (t(`status.${s}`)) needs at least one key under its prefix.
      for (const m of text.matchAll(/\bt(?:Parts)?\(\s*`([\w.]+)\$\{/g))
        if (!KEYS.some((key) => key.startsWith(m[1]!))) missing.push(`${file}: ${m[1]}…`);
    }
    expect(missing).toEqual([]);
  });

  it('has no key that no module uses', () => {
    const all = sources()
      .map((s) => s.text)
      .join('\n');
    const prefixes = [...all.matchAll(/\bt(?:Parts)?\(\s*`([\w.]+)\$\{/g)].map((m) => m[1]!);
    const unused = KEYS.filter((key) => !all.includes(`'${key}'`) && !prefixes.some((prefix) => key.startsWith(prefix)));
    expect(unused).toEqual([]);
  });

  it('fills placeholders, writes counts as numbers and picks plural forms', () => {
    expect(t('bulk.selected', { count: 1 })).toBe('1 port selected');
    expect(t('bulk.selected', { count: 2000 })).toBe('2,000 ports selected');
    expect(t('vlan.heading', { vlan: 4094, name: 'Voice' })).toBe('VLAN 4094 Voice');
    expect(t('site.saved', { name: 'HQ' })).toBe('Site HQ saved.');
    expect(t('site.saved')).toBe('Site {name} saved.');
  });

  it('splits a message around its element placeholders', () => {
    expect(tParts('notFound.text', { dashboard: { link: true } })).toEqual([
      'There is no page at this address. Go to the ',
      { link: true },
      '.',
    ]);
  });
});
