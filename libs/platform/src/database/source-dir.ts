import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The absolute path of `relative` in the source tree (found by walking up to nx.json), so
 * `migration:create` writes into the repository whether it runs from src/ or dist/.
 */
export function sourcePath(from: string, relative: string): string {
  let dir = from;
  while (dir !== path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return path.join(dir, relative);
    dir = path.dirname(dir);
  }
  return path.resolve(from, relative);
}
