import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentConfigError, credentialsOf, loadAgentConfig, serverUrlOf } from './config.ts';

const dir = mkdtempSync(join(tmpdir(), 'agent-config-'));
const TOKEN = `sya_${'A'.repeat(43)}`;

function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

describe('the server URL of an agent', () => {
  it.each(['https://switchyard.example.net', 'http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000'])('takes %s', (url) => {
    expect(serverUrlOf(url, false).href).toContain(new URL(url).host);
  });

  it('refuses plain http:// to another machine unless AGENT_ALLOW_HTTP=1', () => {
    expect(() => serverUrlOf('http://10.0.0.5:3000', false)).toThrow(/AGENT_ALLOW_HTTP=1/);
    expect(serverUrlOf('http://10.0.0.5:3000', true).hostname).toBe('10.0.0.5');
  });

  it.each(['', 'switchyard.example.net', 'ftp://x', 'https://user:pw@x'])('refuses %j', (url) => {
    expect(() => serverUrlOf(url, false)).toThrow(AgentConfigError);
  });
});

describe('the credential file of an agent', () => {
  it('reads sets by name, in any case', () => {
    const sets = credentialsOf(
      file('ok.json', JSON.stringify([{ name: 'Branch RO', snmp: { version: '2c', community: 'public-S3CRET' } }])),
    );
    expect(sets.get('branch ro')).toEqual({ version: '2c', community: 'public-S3CRET' });
  });

  it('names the set and field that are wrong, never a secret', () => {
    const bad = file(
      'bad.json',
      JSON.stringify([
        {
          name: 'v3',
          snmp: { version: '3', user: 'u', authProtocol: 'sha', authKey: 'short', privProtocol: 'aes', privKey: 'S3CRET-PRIV-KEY' },
        },
      ]),
    );
    expect(() => credentialsOf(bad)).toThrow(/\[0\]\.snmp\.authKey/);
    try {
      credentialsOf(bad);
    } catch (error) {
      expect(String(error)).not.toContain('S3CRET');
      expect(String(error)).not.toContain('short');
    }
    expect(() => credentialsOf(file('notjson.json', '{'))).toThrow(/no JSON/);
    expect(() => credentialsOf(undefined)).toThrow(/AGENT_CREDENTIALS_FILE/);
  });
});

describe('loadAgentConfig', () => {
  const credentials = file('c.json', '[]');

  it('reads the token from AGENT_TOKEN_FILE and the spool bound in MB', () => {
    const config = loadAgentConfig({
      AGENT_SERVER_URL: 'https://sy.example',
      AGENT_TOKEN_FILE: file('token', `${TOKEN}\n`),
      AGENT_CREDENTIALS_FILE: credentials,
      AGENT_SPOOL_DIR: dir,
      AGENT_SPOOL_MB: '2',
    });
    expect(config.token).toBe(TOKEN);
    expect(config.spoolBytes).toBe(2 * 1024 * 1024);
    expect(config.spoolFile).toBe(join(dir, 'spool.sqlite'));
  });

  it('refuses a token that is no agent token, and no spool folder', () => {
    const base = { AGENT_SERVER_URL: 'https://sy.example', AGENT_CREDENTIALS_FILE: credentials, AGENT_SPOOL_DIR: dir };
    expect(() => loadAgentConfig({ ...base, AGENT_TOKEN: 'eyJhbGciOi' })).toThrow(/AGENT_TOKEN/);
    expect(() => loadAgentConfig({ ...base, AGENT_TOKEN: TOKEN, AGENT_SPOOL_DIR: '' })).toThrow(/AGENT_SPOOL_DIR/);
    expect(() => loadAgentConfig({ ...base, AGENT_TOKEN: TOKEN, AGENT_SPOOL_MB: '0' })).toThrow(/AGENT_SPOOL_MB/);
  });
});
