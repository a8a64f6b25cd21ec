// Reads a running configuration in its dialect into the observed model of discovery (read-running.ts).
import { readIosStyle } from './read-ios-style.ts';
import { readJunos } from './read-junos.ts';
import { RUNNING_CONFIG_DIALECTS, type RunningConfigDialect, type RunningConfigReading } from './read-running.ts';

export { RUNNING_CONFIG_DIALECTS, type RunningConfigDialect, type RunningConfigReading };

/**
 * The observed model of a running configuration, with the lines not read counted and the first of them listed. Pure
 * and never throws on what it does not know. ifIndexes are made up in the order the text first names each interface.
 */
export function readRunningConfig(text: string, dialect: RunningConfigDialect): RunningConfigReading {
  return dialect === 'junos' ? readJunos(text) : readIosStyle(text, dialect);
}
