import type { Logger } from '../platform/logging.js';
import type { SourceWriter } from './source-files.js';

/**
 * The contract between the import pipeline and each source's importer. An importer streams its input
 * (never holding a whole file), writes entities and links to `writer`, reports progress, and throws an
 * ImportInputError naming the file and line when the input is malformed.
 */
export interface ImportContext {
  writer: SourceWriter;
  progress: ProgressReporter;
  logger: Logger;
  signal?: AbortSignal;
}

export interface ProgressReporter {
  /** Starts a phase; `total` in the phase's unit (bytes, rows, requests), or undefined when unknown. */
  phase(label: string, total?: number): void;
  /** Sets the current position within the phase. */
  update(done: number): void;
  /** Ends the progress display. */
  stop(): void;
}

export type Importer<Options> = (options: Options, context: ImportContext) => Promise<void>;

/** Malformed input: the message names the file and, when known, the line. */
export class ImportInputError extends Error {
  override name = 'ImportInputError';
  constructor(
    readonly reason: string,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(file ? `${file}${line !== undefined ? `:${line}` : ''}: ${reason}` : reason);
  }
}

/** Progress that says nothing (tests). */
export const silentProgress: ProgressReporter = { phase() {}, update() {}, stop() {} };
