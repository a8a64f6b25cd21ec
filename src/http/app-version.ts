import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The release of this build, from package.json in `rootDir` (health, the OpenAPI document and the export name it). */
export function appVersion(rootDir: string): string {
  return (JSON.parse(readFileSync(resolve(rootDir, 'package.json'), 'utf8')) as { version: string }).version;
}
