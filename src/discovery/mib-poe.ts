// POWER-ETHERNET-MIB pethPsePortTable: which ports deliver power.
import type { ObservedPoe } from './observed.ts';
import { asInt, column, indexParts, type Walk } from './mib-values.ts';

/** pethPsePortAdminEnable, indexed group.port: true(1) / false(2). */
export const PETH_PSE_PORT_ADMIN_ENABLE = '1.3.6.1.2.1.105.1.1.1.3';

export const POE_COLUMNS = [PETH_PSE_PORT_ADMIN_ENABLE];

const TRUE = 1;

/**
 * The PoE ports, where the agent's port index is an ifIndex of the switch (as most single-unit switches number them);
 * rows whose port index is no interface are left out with a note, since the MIB ties them to ports vendor by vendor.
 */
export function decodePoe(walk: Walk, ifIndexes: ReadonlySet<number>, notes: string[]): ObservedPoe[] {
  const poe: ObservedPoe[] = [];
  let unmapped = 0;
  for (const [index, enabled] of column(walk, PETH_PSE_PORT_ADMIN_ENABLE)) {
    const port = indexParts(index)[1];
    if (!ifIndexes.has(port)) {
      unmapped++;
      continue;
    }
    poe.push({ ifIndex: port, adminEnabled: asInt(enabled) === TRUE });
  }
  if (unmapped > 0) notes.push(`${unmapped} PoE ports are not numbered by ifIndex (left out)`);
  return poe.sort((a, b) => a.ifIndex - b.ifIndex);
}
