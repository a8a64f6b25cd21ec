import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { TestServer } from '../../helpers/server.ts';

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How many file descriptors a process has open (Linux /proc). */
export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** The resident set size of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/** Polls `probe` until it returns true or `limitMs` passes; resolves with the last answer (no timing is asserted). */
export async function eventually(probe: () => boolean | Promise<boolean>, limitMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await sleep(everyMs);
  }
  return probe();
}

/** Sends raw bytes and collects what comes back until the server closes the socket or `waitMs` passes. */
export function rawRequest(port: number, payload: string | Buffer, waitMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, waitMs);
    socket.on('data', (chunk) => (answer += chunk));
    const finish = () => {
      clearTimeout(timer);
      resolve(answer);
    };
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(payload);
  });
}

/** Environment for startServer that opens the V8 inspector on a free local port, so a test can force a GC. */
export const INSPECTOR_ENV = { NODE_OPTIONS: '--inspect=127.0.0.1:0' };

/** Memory of a server process started with INSPECTOR_ENV, measured right after a full, forced garbage collection. */
export async function memoryAfterGc(server: TestServer): Promise<{ rss: number; heapUsed: number }> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(server.logs())?.[1];
  if (!url) throw new Error('the server was not started with INSPECTOR_ENV');
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`cannot connect to the inspector at ${url}`));
  });
  let nextId = 1;
  const pending = new Map<number, (result: any) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message.result);
  };
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const evaluated = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const usage = JSON.parse(evaluated.result.value) as { heapUsed: number };
    return { rss: rssBytes(server.process.pid!), heapUsed: usage.heapUsed };
  } finally {
    socket.close();
  }
}
