// The far ends of a switch's port links and LAG pairs: the port or LAG at the other end, with its switch's name.
import { getLag, getPort, listSwitches } from './api.ts';
import type { Lag, Port } from './api-types.ts';
import { useResource } from './hooks.ts';
import type { Resource } from './hooks.ts';
import { t } from './messages.ts';
import type { FarEnd } from './components/lag-panel.ts';
import type { LinkInfo } from './components/port-panel.ts';

/** The far ends of `ports`' links by the far port's id; `unknownSwitch` names a switch not among the first 500. */
export function useLinks(ports: Port[] | undefined, unknownSwitch = t('panel.anotherSwitch')): Resource<Map<string, LinkInfo>> {
  return useFarRecords(
    (ports ?? []).map((p) => p.linkedPortId),
    getPort,
    (port, switchName) => ({ portName: port.name, switchId: port.switchId, switchName: switchName ?? unknownSwitch }),
  );
}

/** The far ends of `lags` (the remote LAG, its name and its switch's), by the far LAG's id. */
export function useFarEnds(lags: Lag[]): Resource<Map<string, FarEnd>> {
  return useFarRecords(
    lags.map((l) => l.remoteLagId),
    getLag,
    (lag, switchName) => ({ lagId: lag.id, lagName: lag.name, switchId: lag.switchId, switchName: switchName ?? t('panel.anotherSwitch') }),
  );
}

/** Loads the records `ids` name (one that fails is left out), each described with its switch's name, by its id. */
function useFarRecords<R extends { id: string; switchId: string }, T>(
  ids: (string | null)[],
  load: (id: string) => Promise<R>,
  describe: (record: R, switchName: string | undefined) => T,
): Resource<Map<string, T>> {
  const key = ids
    .filter((x): x is string => !!x)
    .sort()
    .join(',');
  return useResource(async () => {
    const map = new Map<string, T>();
    if (!key) return map;
    const far = await Promise.all(key.split(',').map((id) => load(id).catch(() => undefined)));
    const names = new Map((await listSwitches({ limit: 500 })).items.map((s) => [s.id, s.name]));
    for (const record of far) if (record) map.set(record.id, describe(record, names.get(record.switchId)));
    return map;
  }, [key]);
}
