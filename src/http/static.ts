import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Serves a file of `publicDir` for a path outside /api, else index.html; never a file outside `publicDir`. */
export function serveStatic(publicDir: string, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  const file = resolveInside(publicDir, pathname) ?? join(publicDir, 'index.html');
  const isIndex = file === join(publicDir, 'index.html');
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    // Only when public/ has no index.html: a source tree whose UI was never built (npm start builds it).
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The web UI is not built: run npm run build:ui.\n');
    return;
  }
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': isIndex
      ? 'no-cache'
      : file.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** The existing regular file that `pathname` names inside `root`, or undefined (also for any escape attempt). */
export function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const candidate = resolve(base, `.${sep}${decoded.replace(/^[/\\]+/, '')}`);
  if (candidate !== base && !candidate.startsWith(base + sep)) return undefined;
  try {
    return statSync(candidate).isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}
