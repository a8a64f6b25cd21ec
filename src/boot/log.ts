import type { LogLevel } from './config.ts';

/** A levelled logger writing one plain line per event: `<time> <level> <message> key=value…`. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Makes a logger that drops events below `level`; warnings and errors go to stderr. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const write = (eventLevel: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (RANK[eventLevel] < RANK[level]) return;
    const line = `${new Date().toISOString()} ${eventLevel} ${message}${formatFields(fields)}\n`;
    (RANK[eventLevel] >= RANK.warn ? process.stderr : process.stdout).write(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

function formatFields(fields: Record<string, unknown> | undefined): string {
  if (!fields) return '';
  return Object.entries(fields)
    .map(([key, value]) => ` ${key}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`)
    .join('');
}
