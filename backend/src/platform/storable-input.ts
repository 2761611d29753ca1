import { isStorableText, STORABLE_TEXT_RULE } from '@cinema-dna/shared-types';
import type { RequestHandler } from 'express';
import { AppError } from './errors.js';

/**
 * The path ("name", "path.1.entity.id") of the first string (or object key) in `value` that no
 * database can store, or null. Iterative: a 100 kB body can nest arrays 50,000 deep.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (pending.length > 0) {
    const { value: node, path } = pending.pop()!;
    if (typeof node === 'string') {
      if (!isStorableText(node)) return path;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) pending.push({ value: node[i], path: at(path, i) });
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (!isStorableText(key)) return at(path, key);
        pending.push({ value: item, path: at(path, key) });
      }
    }
  }
  return null;
}

/**
 * A safety net under the zod contracts: a request whose path, query or JSON body holds NUL or an
 * unpaired surrogate anywhere is refused before its handler runs, whether or not the handler
 * parses that field.
 */
export const rejectUnstorableText: RequestHandler = (req, _res, next) => {
  for (const [where, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
    const path = findUnstorableText(value);
    if (path !== null) {
      return next(new AppError(400, 'VALIDATION_FAILED', 'Request is invalid', [{ path: path ? `${where}.${path}` : where, message: STORABLE_TEXT_RULE }]));
    }
  }
  next();
};
