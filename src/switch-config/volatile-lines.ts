// The lines of a running configuration that change without the configuration changing (issue 38): when it was
// printed or last saved, the NTP clock's drift, uptime in comments, the size header of IOS. A version of a
// configuration is known by its other lines, and they alone count as changed lines. The rules follow what the
// dialects print around a configuration (IOS/IOS-XE, NX-OS, EOS, Aruba CX comments; Junos `##` comments), as backup
// tools (Oxidized, RANCID) drop them.

const VOLATILE: RegExp[] = [
  // IOS: "Building configuration...", "Current configuration : 1366 bytes".
  /^\s*Building configuration/i,
  /^\s*Current configuration\s*:\s*\d+\s*bytes/i,
  // IOS: "! Last configuration change at …", "! NVRAM config last updated at …", "! No configuration change since last restart".
  /^\s*!\s*(Last configuration change|NVRAM config last updated|No configuration change since)/i,
  // EOS and NX-OS: "! Time: …", "!Time: …", "! Startup-config last modified at …", "!Running configuration last done at: …".
  /^\s*!\s*Time\s*:/i,
  /^\s*!\s*(Startup|Running)[- ]config(uration)? last (modified|done)/i,
  // The NTP clock's measured drift, written back by the switch itself.
  /^\s*ntp clock-period\b/i,
  // Junos: "## Last commit: …", "## Last changed: …".
  /^\s*##\s*Last (commit|changed)\s*:/i,
  // Uptime, in a comment of any dialect.
  /^\s*[!#].*\buptime\b/i,
];

/** Whether a line changes on its own, without the configuration changing. */
export function isVolatileLine(line: string): boolean {
  return VOLATILE.some((pattern) => pattern.test(line));
}
