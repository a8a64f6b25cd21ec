// Times reading and masking a running configuration (issue 38: a 10,000-line IOS configuration read in < 50 ms):
// `node bench/running-config.ts [lines]`. The configuration is made up here: a stack's access ports, trunks with
// `add` lines, port-channels, SVIs and the global lines a Catalyst prints (some of which no reader knows).
import { maskSecrets } from '../src/switch-config/mask-secrets.ts';
import { readRunningConfig } from '../src/switch-config/running-config.ts';

const wanted = Number(process.argv[2] ?? 10_000);

function iosConfig(lines: number): string {
  const out = ['hostname bench-stack', 'enable secret 9 $9$benchbenchbench', 'snmp-server community bench RO'];
  for (let vid = 2; vid < 200; vid++) out.push(`vlan ${vid}`, ` name users-${vid}`, '!');
  for (let port = 0; out.length < lines - 40; port++) {
    const name = `GigabitEthernet${1 + Math.floor(port / 48)}/0/${1 + (port % 48)}`;
    out.push(`interface ${name}`, ` description desk ${port}`);
    if (port % 12 === 11) {
      out.push(' switchport trunk native vlan 2', ' switchport trunk allowed vlan 2-40,50', ' switchport trunk allowed vlan add 60-80');
      out.push(' switchport mode trunk', ` channel-group ${1 + (port % 64)} mode active`);
    } else out.push(` switchport access vlan ${2 + (port % 190)}`, ' switchport mode access', ' spanning-tree portfast');
    if (port % 7 === 0) out.push(' shutdown');
    out.push('!');
  }
  out.push('interface Vlan2', ' ip address 10.0.0.2 255.255.255.0', '!', 'ip default-gateway 10.0.0.1', 'end');
  return out.join('\n');
}

function medianMs(run: () => unknown, times = 25): number {
  for (let i = 0; i < 5; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)];
}

const text = iosConfig(wanted);
const reading = readRunningConfig(text, 'cisco-ios');
console.log(`${text.split('\n').length} lines, ${reading.observed.ports.length} interfaces, ${reading.unknownLines} lines not read`);
console.log(
  `read (cold, first call):  ${medianMs(() => readRunningConfig(iosConfig(wanted), 'cisco-ios'), 1).toFixed(1)} ms incl. making the text`,
);
console.log(`read  (median of 25):     ${medianMs(() => readRunningConfig(text, 'cisco-ios')).toFixed(1)} ms`);
console.log(`mask  (median of 25):     ${medianMs(() => maskSecrets(text)).toFixed(1)} ms`);
