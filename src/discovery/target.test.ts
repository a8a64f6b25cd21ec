import { describe, expect, it } from 'vitest';
import { parseTarget } from './target.ts';

describe('a discovery target', () => {
  it.each<[string, { host: string; port: number } | undefined]>([
    ['10.0.0.1', { host: '10.0.0.1', port: 161 }],
    ['10.0.0.1:1161', { host: '10.0.0.1', port: 1161 }],
    ['switch-1.example.net', { host: 'switch-1.example.net', port: 161 }],
    ['switch-1:16100', { host: 'switch-1', port: 16100 }],
    ['2001:db8::1', { host: '2001:db8::1', port: 161 }],
    ['[::1]:1161', { host: '::1', port: 1161 }],
    ['[2001:db8::1]', { host: '2001:db8::1', port: 161 }],
    ['10.0.0.1:0', undefined],
    ['10.0.0.1:70000', undefined],
    ['[10.0.0.1]:161', undefined],
    ['a:b:c', undefined],
    ['bad host', undefined],
    ['', undefined],
    ['-leading.example', undefined],
    ['Switch-1.Example.NET.', { host: 'switch-1.example.net', port: 161 }],
    ['2001:DB8:0:0::1', { host: '2001:db8::1', port: 161 }],
    ['10.0.0', undefined],
  ])('%j is %j', (text, target) => {
    expect(parseTarget(text)).toEqual(target);
  });
});
