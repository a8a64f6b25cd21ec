// Node prints "SQLite is an experimental feature" once per process. Warnings are emitted on the next tick,
// so replacing the listeners here, before that tick, drops that one warning and keeps every other.
// Import this first in every entry point.
const defaultListeners = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'ExperimentalWarning' && warning.message.includes('SQLite')) return;
  for (const listener of defaultListeners) listener(warning);
});
