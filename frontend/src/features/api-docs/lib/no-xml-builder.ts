/**
 * Stands in for `fast-xml-parser` in the browser build (see vite.config.ts): openapi-sampler imports
 * its XML writer for `format: 'xml'` samples, which the docs never ask for (the API speaks JSON).
 * Leaving the writer out keeps about 8 kB (gzipped) off the docs pages.
 */
export class XMLBuilder {
  constructor() {
    throw new Error('XML samples are not built in the browser: this API speaks JSON.');
  }
}
