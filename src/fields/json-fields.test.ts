// The fields of model 2 whose value is JSON (a port's PoE, a switch's tags, a network's DNS servers): what each
// accepts, the stored form, the CSV cell and the OpenAPI schema, all from the one declaration.
import { describe, expect, it } from 'vitest';
import { checkValue, columnToApi, inputSchema, toColumnValue, type Field } from './field.ts';
import { NETWORK } from './networks.ts';
import { PORT } from './ports.ts';
import { SWITCH } from './switches.ts';

const fieldOf = (resource: { fields: readonly Field[] }, name: string) => resource.fields.find((field) => field.name === name)!;
const poe = fieldOf(PORT, 'poe');
const tags = fieldOf(SWITCH, 'tags');
const dns = fieldOf(NETWORK, 'dnsServers');

describe('a port’s PoE', () => {
  it.each<[string, unknown, unknown]>([
    ['no PoE', null, null],
    ['a standard with watts', { type: '802.3at', maxWatts: 30 }, { type: '802.3at', maxWatts: 30 }],
    ['watts not known', { type: '802.3bt-type4' }, { type: '802.3bt-type4', maxWatts: null }],
    ['watts to one decimal', { type: '802.3af', maxWatts: 15.44 }, { type: '802.3af', maxWatts: 15.4 }],
  ])('takes %s', (_, raw, stored) => {
    expect(checkValue(poe, raw)).toEqual({ ok: true, value: stored });
  });

  it.each<[string, unknown]>([
    ['true (model 1 said only yes or no)', true],
    ['an unknown standard', { type: '802.3xx', maxWatts: 30 }],
    ['negative watts', { type: '802.3af', maxWatts: -1 }],
    ['watts as text', { type: '802.3af', maxWatts: '30' }],
    ['a field of its own', { type: '802.3af', maxWatts: 30, class: 4 }],
    ['a list', ['802.3af']],
  ])('refuses %s', (_, raw) => {
    expect(checkValue(poe, raw).ok).toBe(false);
  });

  it('is stored as JSON text with its keys in one order, and read back as the object', () => {
    const stored = toColumnValue(poe, { type: '802.3at', maxWatts: 30 });
    expect(stored).toBe('{"type":"802.3at","maxWatts":30}');
    expect(columnToApi(poe, stored)).toEqual({ type: '802.3at', maxWatts: 30 });
    expect(toColumnValue(poe, null)).toBeNull();
  });

  it.each([
    ['802.3at/30', { type: '802.3at', maxWatts: 30 }],
    ['802.3af', { type: '802.3af', maxWatts: null }],
    ['passive-24v/12.5', { type: 'passive-24v', maxWatts: 12.5 }],
  ])('reads the CSV cell %s and writes it back the same', (cell, value) => {
    expect(poe.csvCodec!.read(cell)).toEqual({ ok: true, value });
    expect(poe.csvCodec!.write(value)).toBe(cell);
  });

  it('refuses a CSV cell that is not standard/watts', () => {
    expect(poe.csvCodec!.read('802.3at/thirty').ok).toBe(false);
    expect(poe.csvCodec!.read('yes').ok).toBe(false);
  });

  it('is described in the OpenAPI input schema as the object or null', () => {
    const schema = inputSchema(PORT, 'patch').properties as Record<string, { oneOf?: unknown[] }>;
    expect(schema.poe.oneOf).toEqual([expect.objectContaining({ type: 'object', required: ['type', 'maxWatts'] }), { type: 'null' }]);
  });
});

describe('a switch’s tags', () => {
  it('keeps them trimmed, in order, each once (case-insensitively)', () => {
    expect(checkValue(tags, [' floor-2 ', 'poe', 'Floor-2'])).toEqual({ ok: true, value: ['floor-2', 'poe'] });
  });

  it('stores no tags as an empty list, also for null', () => {
    expect(checkValue(tags, null)).toEqual({ ok: true, value: [] });
  });

  it.each<[string, unknown]>([
    ['text instead of a list', 'a,b'],
    ['an empty tag', ['']],
    ['a tag with a separator', ['a;b']],
    ['a tag of 41 characters', ['x'.repeat(41)]],
    ['21 tags', Array.from({ length: 21 }, (_, n) => `t${n}`)],
    ['a number', [1]],
  ])('refuses %s', (_, raw) => {
    expect(checkValue(tags, raw).ok).toBe(false);
  });

  it('reads and writes its CSV cell as a;b', () => {
    expect(tags.csvCodec!.read('core; floor-2')).toEqual({ ok: true, value: ['core', 'floor-2'] });
    expect(tags.csvCodec!.write(['core', 'floor-2'])).toBe('core;floor-2');
  });
});

describe('a network’s DNS servers', () => {
  it('normalises each address and keeps each once', () => {
    expect(checkValue(dns, ['10.0.0.53', ' 2001:DB8::53 ', '10.0.0.53'])).toEqual({ ok: true, value: ['10.0.0.53', '2001:db8::53'] });
  });

  it.each<[string, unknown]>([
    ['a name', ['dns.example.com']],
    ['a subnet', ['10.0.0.0/24']],
    ['nine servers', Array.from({ length: 9 }, (_, n) => `10.0.0.${n + 1}`)],
  ])('refuses %s', (_, raw) => {
    expect(checkValue(dns, raw).ok).toBe(false);
  });
});
