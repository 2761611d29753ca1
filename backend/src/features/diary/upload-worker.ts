/**
 * The upload worker thread (upload-reader.ts starts it): reads one upload at a time off the main
 * thread, with the checks and limits of letterboxd.ts, and answers it packed, or refused.
 */
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../platform/errors.js';
import { readUpload } from './letterboxd.js';
import { packUpload, UploadBytes, type UploadJobMessage, type UploadWorkerMessage } from './upload-reader.js';

const port = parentPort!;

// Background work: when the cores are busy, the event loop's thread goes first (on Linux a thread has
// its own niceness, so this lowers this thread only).
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // Not allowed here: the default priority.
}

port.on('message', (job: UploadJobMessage) => {
  let reply: UploadWorkerMessage;
  try {
    reply = { kind: 'read', id: job.id, packed: packUpload(readUpload(UploadBytes.join(job.blocks, job.length), job.fileName, job.limits)) };
  } catch (error) {
    reply =
      error instanceof AppError
        ? { kind: 'refused', id: job.id, status: error.status, body: error.toBody() }
        : { kind: 'refused', id: job.id, status: 0, body: { code: 'INTERNAL_ERROR', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error), details: {} } };
  }
  port.postMessage(reply);
});
port.postMessage({ kind: 'ready' } satisfies UploadWorkerMessage);
