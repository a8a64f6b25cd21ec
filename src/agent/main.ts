// `npm run agent` and the switchyard-agent image (issue 39): an agent that polls the switches of its sites from inside
// their network and sends what it reads out to the server. Settings: src/agent/config.ts (README, "Agents").
import '../boot/silence-sqlite-warning.ts';
import { createLogger } from '../boot/log.ts';
import { readSwitch } from '../discovery/read-switch.ts';
import { startAgent } from './agent.ts';
import { AgentConfigError, loadAgentConfig } from './config.ts';

// The release: the bundle (scripts/build.ts) holds package.json's, the source tree reads it.
const { version } = ((await import('../../package.json', { with: { type: 'json' } })) as { default: { version: string } }).default;

let config: ReturnType<typeof loadAgentConfig>;
try {
  config = loadAgentConfig();
} catch (error) {
  if (!(error instanceof AgentConfigError)) throw error;
  process.stderr.write(`switchyard-agent: ${error.message}\n`);
  process.exit(2);
}
const log = createLogger(config.logLevel);
log.info('agent started', { version, server: config.serverUrl.origin, credentialSets: config.credentials.size, spool: config.spoolFile });
const agent = startAgent({ config, log, readSwitch, version });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log.info('agent stopping', { signal });
    void agent.stop().then(() => process.exit(0));
  });
