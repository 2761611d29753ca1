/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The API server that `npm run dev -w backend` starts; Vite proxies HTTP and WebSocket traffic to it. */
const apiServer = 'http://localhost:3000';

export default defineConfig({
  root: here('.'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // Import the contract from source so the app never depends on a stale build of shared-types.
      '@cinema-dna/shared-types': here('../shared-types/src/index.ts'),
      // openapi-sampler's XML writer: the docs sample JSON only (see the stand-in's comment).
      'fast-xml-parser': here('src/features/api-docs/lib/no-xml-builder.ts'),
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/socket.io': { target: apiServer, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/socket.io': { target: apiServer, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: app releases then invalidate only the small app chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
            { name: 'motion', test: /node_modules[\\/](framer-motion|motion-dom|motion-utils)[\\/]/, priority: 20 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            // Only the API docs pages sample schemas: keep the sampler out of the shared vendor chunk.
            {
              name: 'api-docs-vendor',
              test: /node_modules[\\/](openapi-sampler|json-pointer|foreach)[\\/]/,
              priority: 25,
            },
            // Only the profile pages draw charts: recharts and its d3/redux helpers stay out of the shared vendor chunk.
            {
              name: 'charts-vendor',
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|es-toolkit|immer|redux|redux-thunk|@reduxjs[\\/]toolkit|reselect|react-redux|eventemitter3|tiny-invariant|clsx)[\\/]/,
              priority: 25,
            },
            { name: 'vendor', test: /node_modules/, priority: 10 },
          ],
        },
      },
    },
  },
  // Used by the root vitest project `unit-frontend`, which extends this file.
  test: { setupFiles: [here('src/test/setup.ts')] },
});
