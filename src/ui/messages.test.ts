import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from './messages-de.ts';
import { later } from './messages-later.ts';
import { type Message, en, formatNumber, language, setLanguage, t, tParts } from './messages.ts';

const UI = import.meta.dirname;

/** The source of every module of the UI but the catalogue and the tests. */
function sources(): { file: string; text: string }[] {
  return readdirSync(UI, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !/^messages(-de|-later)?\.ts$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(UI, file), 'utf8') }));
}

/** Every English message: the first load's and those loaded with their pages. */
const ENGLISH: Record<string, Message> = { ...en, ...later };
const KEYS = Object.keys(ENGLISH);

describe('the message catalogue', () => {
  it('has every key that t() and tParts() are called with', () => {
    const missing: string[] = [];
    for (const { file, text } of sources()) {
      for (const m of text.matchAll(/\bt(?:Parts)?\(\s*'([^']+)'/g)) if (!(m[1]! in ENGLISH)) missing.push(`${file}: ${m[1]}`);
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

/** The placeholders of a message, across its plural forms, sorted. */
const placeholders = (m: Message) =>
  [
    ...new Set((typeof m === 'string' ? [m] : Object.values(m)).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!))),
  ].sort();

describe('the German catalogue', () => {
  const DE = de as Record<string, Message>;
  const EN = ENGLISH;

  it('has exactly the keys of the English one, and the forms of the server (server-messages.test.ts holds those)', () => {
    const serverForm = (key: string) => /^server(Fault|Error|Finding|Fix)\./.test(key);
    expect(Object.keys(DE).filter((key) => !(key in EN) && !serverForm(key))).toEqual([]);
    expect(KEYS.filter((key) => !(key in DE))).toEqual([]);
  });

  it('has the same placeholders and plural forms German has (one, other) where the English has them', () => {
    const wrong: string[] = [];
    for (const key of KEYS) {
      const e = EN[key]!;
      const g = DE[key]!;
      if (JSON.stringify(placeholders(e)) !== JSON.stringify(placeholders(g))) wrong.push(`${key}: placeholders`);
      if (typeof e !== typeof g) wrong.push(`${key}: plural forms in one language only`);
      if (typeof g === 'object' && Object.keys(g).some((form) => form !== 'one' && form !== 'other')) wrong.push(`${key}: form`);
    }
    expect(wrong).toEqual([]);
  });

  it('is what t() speaks after setLanguage("de"), with German numbers and plural forms', async () => {
    await setLanguage('de');
    try {
      expect(language()).toBe('de');
      expect(t('bulk.selected', { count: 1 })).toBe('1 Port ausgewählt');
      expect(t('bulk.selected', { count: 2000 })).toBe('2.000 Ports ausgewählt');
      expect(formatNumber(1234567)).toBe('1.234.567');
      expect(t('site.saved', { name: 'HQ' })).toBe('Standort HQ gespeichert.');
    } finally {
      await setLanguage('en');
    }
    expect(t('bulk.selected', { count: 2000 })).toBe('2,000 ports selected');
  });
});

/** The modules of the UI a first visit loads: main.ts and what it imports statically, transitively (not `import()`). */
function firstLoadModules(): Set<string> {
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file) || file.startsWith('..')) return;
    modules.add(file);
    const text = readFileSync(join(UI, file), 'utf8');
    for (const m of text.matchAll(/(?:^|\n)import\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?'(\.[^']+)';/g)) {
      visit(relative(UI, resolve(UI, dirname(file), m[1]!)));
    }
  };
  visit('main.ts');
  return modules;
}

describe('the messages loaded with their pages (messages-later.ts)', () => {
  const laterKeys = Object.keys(later);
  const usesOne = (text: string) => {
    const prefixes = [...text.matchAll(/\bt(?:Parts)?\(\s*`([\w.]+)\$\{/g)].map((m) => m[1]!);
    return laterKeys.some((key) => text.includes(`'${key}'`) || prefixes.some((prefix) => key.startsWith(prefix)));
  };

  it('are used by no module of the first load, which does not load them', () => {
    const first = firstLoadModules();
    expect(first.has('components/shell.ts')).toBe(true);
    expect(first.has('messages-later.ts')).toBe(false);
    expect(
      sources()
        .filter(({ file, text }) => first.has(file) && usesOne(text))
        .map(({ file }) => file),
    ).toEqual([]);
  });

  it('are imported by each module that uses one', () => {
    const importsThem = (text: string) => /^import '(?:\.\.?\/)+messages-later\.ts';$/m.test(text);
    expect(
      sources()
        .filter(({ text }) => usesOne(text) && !importsThem(text))
        .map(({ file }) => file),
    ).toEqual([]);
  });
});
