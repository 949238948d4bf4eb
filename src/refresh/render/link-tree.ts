/**
 * Puts a bundle's files into a new build folder as hard links: no bytes copied, and the
 * build stays whole on its own when the bundle is later replaced or removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { linkOrCopySync } from '../link-or-copy.ts';

/**
 * Links every file under `from` to the same place under `to` (copies where links fail: EXDEV, EPERM), but those
 * whose name `skip` says.
 */
export function linkTree(from: string, to: string, skip: (name: string) => boolean = () => false): number {
  let count = 0;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || skip(entry.name)) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    linkOrCopySync(source, target);
    count += 1;
  }
  return count;
}
