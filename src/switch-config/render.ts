// Chooses the configuration dialect a switch is rendered in.
import { renderAristaEos } from './arista-eos.ts';
import { renderCiscoIos } from './cisco-ios.ts';
import { renderJunos } from './junos.ts';
import { CONFIG_DIALECTS, type ConfigDialect } from '../lib/config-dialect.ts';
import type { ConfigModel } from './model.ts';

/** The dialects a switch configuration can be rendered in (declared in lib/, where the UI reads them too). */
export { CONFIG_DIALECTS, type ConfigDialect };

const RENDERERS: Record<ConfigDialect, (model: ConfigModel) => string> = {
  'cisco-ios': renderCiscoIos,
  'arista-eos': renderAristaEos,
  junos: renderJunos,
};

/** Whether `value` names a known dialect. */
export function isConfigDialect(value: unknown): value is ConfigDialect {
  return typeof value === 'string' && (CONFIG_DIALECTS as readonly string[]).includes(value);
}

/**
 * The configuration text of a switch in one dialect; the same model always gives the same text. Throws
 * UnsafeConfigValueError (text.ts) when a stored value could add a command or statement of its own.
 */
export function renderConfig(model: ConfigModel, dialect: ConfigDialect): string {
  return RENDERERS[dialect](model);
}
