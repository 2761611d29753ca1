import { closeSync, openSync, readSync } from 'node:fs';

/** gzip by content, not by name: a renamed file still reads. */
export function isGzip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}
