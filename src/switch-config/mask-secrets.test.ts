// The masking rules, line by line after each dialect's command reference (Cisco IOS "enable secret", "username",
// "snmp-server community/host/user", "tacacs server"/"key", "key chain"; NX-OS and EOS "username … password 5 /
// secret sha512", "snmp-server user … auth … priv"; Aruba CX "snmpv3 user … auth-pass … priv-pass", "radius-server
// host … key"; Junos "encrypted-password", "secret", "pre-shared-key ascii-text", "community" under snmp, in both
// forms). The real configurations are masked in test/switch-config/running-configs.test.ts.
import { describe, expect, it } from 'vitest';
import { maskSecrets } from './mask-secrets.ts';

const MASK = /<masked sha256:[0-9a-f]{8}>/;

describe('maskSecrets', () => {
  // Each line with its secrets between « and ».
  it.each([
    'enable secret 9 $9$abc«SECRETdef»',
    'enable secret level 15 5 $1$abc$«SECRETdef»',
    'enable password 7 «0822455D0A16»',
    'username admin privilege 15 password 0 «hunter2»',
    'username admin privilege 15 role network-admin secret sha512 $6$salt$«SECRETHASH»',
    'username admin password 5 $5$salt$«SECRETHASH»  role network-admin',
    'user admin group administrators password plaintext «hunter2»',
    'snmp-server community «s3cret» RO 5',
    'snmp-server community «s3cret» group network-operator',
    'snmp-server host 10.0.0.1 «s3cret»',
    'snmp-server host 10.0.0.1 vrf MGMT informs version 2c «s3cret» udp-port 162',
    'snmp-server host 10.0.0.1 trap version v2c community «s3cret»',
    'snmp-server user u network-admin auth md5 «AUTHKEY» priv aes-128 «PRIVKEY» localizedkey',
    'snmp-server user u g v3 auth sha «AUTHKEY» priv aes 128 «PRIVKEY»',
    'snmp-server user u g v3 localized 0011 auth sha «AUTHKEY» priv aes «PRIVKEY»',
    'snmpv3 user u auth sha auth-pass ciphertext «AUTHKEY» priv aes priv-pass plaintext «PRIVKEY»',
    'tacacs-server key 7 «TACKEY»',
    'tacacs-server host 10.0.0.2 key 7 "«TAC KEY»"',
    'radius-server host 10.0.0.3 key plaintext «RADKEY»',
    ' client 10.0.0.4 server-key 7 «RADKEY»',
    'crypto isakmp key 6 «PSK» address 192.0.2.1',
    ' pre-shared-key local 0 «PSK»',
    ' ip ospf authentication-key 7 «OSPFKEY»',
    ' ip ospf message-digest-key 1 md5 7 «OSPFKEY»',
    'ntp authentication-key 1 md5 «NTPKEY» 7',
    ' neighbor 192.0.2.2 password 7 «BGPKEY»',
    ' standby 1 authentication «HSRPKEY»',
    ' vrrp 1 authentication text «VRRPKEY»',
    'key config-key password-encrypt «MASTERKEY»',
    'set snmp community «s3cret» authorization read-only',
    'set system root-authentication encrypted-password "$6$salt$«SECRETHASH»"',
    '            pre-shared-key ascii-text "$9$«JUNOSPSK»"; ## SECRET-DATA',
    '        secret "«plain-but-marked»"; ## SECRET-DATA',
    'archive-sites { "scp://backup:«hunter2»@192.0.2.9/configs"; }',
  ])('masks the secret of %j', (marked) => {
    const masked = maskSecrets(marked.replace(/[«»]/g, ''));
    for (const [, secret] of marked.matchAll(/«([^»]+)»/g)) expect(masked).not.toContain(secret);
    expect(masked).toMatch(MASK);
  });

  it('masks a Junos community under snmp and in a key chain the key, but not its number', () => {
    const junos = ['snmp {', '    community s3cret {', '        authorization read-only;', '    }', '}'].join('\n');
    expect(maskSecrets(junos)).not.toContain('s3cret');
    const keyChain = ['key chain OSPF', ' key 1', '  key-string 7 CHAINKEY', '!'].join('\n');
    expect(maskSecrets(keyChain)).toMatch(/^key chain OSPF\n key 1\n {2}key-string 7 <masked sha256:[0-9a-f]{8}>\n!$/);
  });

  it.each([
    'no password strength-check',
    'password encryption aes',
    'crypto key generate rsa modulus 2048',
    'ssh key rsa 2048',
    'snmp-server host 10.0.0.1 vrf MGMT informs version 3 auth snmpuser',
    ' neighbor 192.0.2.2 send-community',
    ' set community 65000:100',
    '    community CUSTOMERS members 65000:100;',
    'aaa authentication login default group tacacs+ local',
    'service password-encryption',
    'interface GigabitEthernet1/0/1',
  ])('leaves %j as it is: it sets no secret', (line) => {
    expect(maskSecrets(line)).toBe(line);
  });

  it('gives the same secret the same mask and another secret another one, so a changed secret shows', () => {
    const [one, same, other] = ['enable secret 5 $1$aaaa', 'enable secret 5 $1$aaaa', 'enable secret 5 $1$aaab'].map((line) =>
      maskSecrets(line),
    );
    expect(one).toBe(same);
    expect(one).not.toBe(other);
    expect(maskSecrets('snmp-server community alpha RO')).not.toBe(maskSecrets('snmp-server community bravo RO'));
  });

  it('hashes with a key when given one, so that a weak secret cannot be recognised by its plain SHA-256', () => {
    const line = 'snmp-server community public RO';
    expect(maskSecrets(line, { hashKey: 'k1' })).not.toBe(maskSecrets(line));
    expect(maskSecrets(line, { hashKey: 'k1' })).not.toBe(maskSecrets(line, { hashKey: 'k2' }));
  });

  it('keeps everything else, line ends included, and changes nothing when masking again', () => {
    const text = 'hostname sw1\r\n!\r\nsnmp-server community s3cret RO\r\n  description "quoted"  \r\n';
    const masked = maskSecrets(text);
    expect(masked.replace(MASK, 'X')).toBe('hostname sw1\r\n!\r\nsnmp-server community X RO\r\n  description "quoted"  \r\n');
    expect(maskSecrets(masked)).toBe(masked);
  });
});
