import { describe, expect, it } from 'vitest';
import { faultsByFile, pickedFile, readLegacyFiles, type PickedFile } from './legacy-files.ts';

const file = (name: string, content: unknown): PickedFile => ({ name, text: JSON.stringify(content) });

describe('readLegacyFiles', () => {
  it('puts each file of a 0.20.x directory under its name without .json and leaves the others out', () => {
    const r = readLegacyFiles([
      file('sites.json', [{ id: 'a' }, { id: 'b' }]),
      file('vlans.json', { version: 1, items: [{ id: 'v' }] }),
      file('settings.json', { app_name: 'x' }),
    ]);
    expect(r.rows).toEqual([
      { name: 'sites.json', role: 'file', kind: 'sites', records: 2, oldName: false },
      { name: 'vlans.json', role: 'file', kind: 'vlans', records: 1, oldName: false },
      { name: 'settings.json', role: 'left-out', why: 'unknown' },
    ]);
    expect(JSON.parse(r.body!)).toEqual({ sites: [{ id: 'a' }, { id: 'b' }], vlans: { version: 1, items: [{ id: 'v' }] } });
  });

  it("reads the names of releases before 0.18.3 as today's, and today's first when both are chosen", () => {
    const old = readLegacyFiles([file('ipAllocations.json', [])]);
    expect(old.rows[0]).toEqual({ name: 'ipAllocations.json', role: 'file', kind: 'ip-allocations', records: 0, oldName: true });
    expect(JSON.parse(old.body!)).toEqual({ 'ip-allocations': [] });
    const both = readLegacyFiles([file('lagGroups.json', [{ id: 'old' }]), file('lag-groups.json', [{ id: 'new' }])]);
    expect(both.rows[0]).toEqual({ name: 'lagGroups.json', role: 'left-out', why: 'shadowed', by: 'lag-groups.json' });
    expect(JSON.parse(both.body!)).toEqual({ 'lag-groups': [{ id: 'new' }] });
  });

  it('sends one backup file as it is, and refuses a backup among other files', () => {
    const text = '{"version":"0.32.2","schema":"sqlite-v1","data":{}}';
    const one = readLegacyFiles([{ name: 'backup.json', text }]);
    expect(one).toEqual({ rows: [{ name: 'backup.json', role: 'backup', schema: 'sqlite-v1', version: '0.32.2' }], body: text });
    const mixed = readLegacyFiles([{ name: 'backup.json', text }, file('sites.json', [])]);
    expect(mixed.rows[0]).toEqual({ name: 'backup.json', role: 'problem', problem: 'backupAlone' });
    expect(mixed.body).toBeNull();
  });

  it('names a file that is not JSON and sends nothing; nothing either when no file is a 0.20.x file', () => {
    const r = readLegacyFiles([file('sites.json', []), { name: 'switches.json', text: '[{"id": ' }]);
    expect(r.rows[1]).toMatchObject({ name: 'switches.json', role: 'problem', problem: 'notJson' });
    expect(r.body).toBeNull();
    expect(readLegacyFiles([file('notes.json', [])]).body).toBeNull();
  });
});

describe('pickedFile', () => {
  it('reads UTF-8 strictly: a file saved in Windows-1252 is named with its first byte that is not UTF-8, never read with U+FFFD', () => {
    expect(pickedFile('sites.json', new TextEncoder().encode('[{"name":"München"}]'))).toEqual({
      name: 'sites.json',
      text: '[{"name":"München"}]',
    });
    const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
    const latin1 = Uint8Array.from([...ascii('[{"name":"M'), 0xfc, ...ascii('nchen"}]')]);
    const picked = pickedFile('sites.json', latin1);
    expect(picked).toEqual({ name: 'sites.json', notUtf8: 'byte offset 11 (0xFC) is not UTF-8' });
    const r = readLegacyFiles([picked, file('vlans.json', [])]);
    expect(r.rows[0]).toEqual({ name: 'sites.json', role: 'problem', problem: 'notUtf8', detail: 'byte offset 11 (0xFC) is not UTF-8' });
    expect(r.body).toBeNull();
  });
});

describe('faultsByFile', () => {
  it("groups the reader's faults under the file each names, as it was chosen, and the rest on their own", () => {
    const rows = readLegacyFiles([file('ipRanges.json', []), file('vlans.json', [])]).rows;
    const details = [
      { field: 'vlans', message: 'vlans.json (whole file): must be a JSON array' },
      { field: 'ip-ranges[0].start_ip', message: 'ip-ranges.json id=r1 field=start_ip: is not an address' },
      { field: 'schema', message: 'is missing' },
      { field: 'vlans[2].vlan_id', message: 'vlans.json id=v3 field=vlan_id: must be 1-4094' },
    ];
    expect(faultsByFile(details, rows)).toEqual([
      { file: 'vlans.json', details: [details[0], details[3]] },
      { file: 'ipRanges.json', details: [details[1]] },
      { file: null, details: [details[2]] },
    ]);
  });
});
