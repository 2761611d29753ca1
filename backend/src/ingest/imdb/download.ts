import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { silentProgress, type ProgressReporter } from '../importer.js';

/** Where IMDb publishes its non-commercial datasets (refreshed daily). */
export const IMDB_DATASETS_URL = 'https://datasets.imdbws.com/';

/** The files the importer reads; title.ratings is optional there but worth having (popularity). */
export const IMDB_DOWNLOADS = ['title.basics.tsv.gz', 'title.principals.tsv.gz', 'name.basics.tsv.gz', 'title.ratings.tsv.gz'] as const;

export interface DownloadOptions {
  baseUrl?: string;
  files?: readonly string[];
  progress?: ProgressReporter;
  signal?: AbortSignal;
}

export class DownloadError extends Error {
  override name = 'DownloadError';
}

/**
 * Downloads the IMDb dataset files into `dir`, streaming each to disk (title.principals is ~700 MB
 * compressed) under a temporary name renamed into place when complete, so an interrupted download
 * never leaves a truncated file where the importer would read it. Returns the files' paths.
 */
export async function downloadImdb(dir: string, { baseUrl = IMDB_DATASETS_URL, files = IMDB_DOWNLOADS, progress = silentProgress, signal }: DownloadOptions = {}): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const written: string[] = [];
  for (const name of files) {
    const url = new URL(name, base);
    const target = path.join(dir, name);
    const partial = `${target}.download`;
    const response = await fetch(url, { signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new DownloadError(`GET ${url.href} failed: HTTP ${response.status} ${response.statusText}`);
    }
    const length = Number(response.headers.get('content-length'));
    progress.phase(`download ${name}`, length > 0 ? length : undefined);
    let received = 0;
    try {
      await pipeline(
        Readable.fromWeb(response.body as ReadableStream<Uint8Array>),
        async function* count(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            received += chunk.length;
            progress.update(received);
            yield chunk;
          }
        },
        createWriteStream(partial),
        { signal },
      );
      if (length > 0 && received !== length) throw new DownloadError(`GET ${url.href}: received ${received} of ${length} bytes`);
    } catch (error) {
      rmSync(partial, { force: true });
      if (signal?.aborted) throw signal.reason;
      throw error instanceof DownloadError ? error : new DownloadError(`GET ${url.href} failed: ${(error as Error).message}`);
    }
    renameSync(partial, target);
    written.push(target);
  }
  return written;
}
