/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { bootAfterPaint } from './build/boot-after-paint.ts';
import { pureContract } from './build/pure-contract.ts';
import { routePreloads } from './build/route-preloads.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The API server that `npm run dev -w backend` starts; Vite proxies HTTP and WebSocket traffic to it. */
const apiServer = 'http://localhost:3000';

/**
 * Two builds (`npm run build -w frontend`): the browser app into dist/, then (`--ssr`) the first-paint
 * renderer src/entry-server.tsx into dist/.ssr/, which the server runs to put each page's first paint
 * into the HTML (backend/src/platform/route-preloads.ts). A dot directory: never served as a static file.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: here('.'),
  plugins: [
    pureContract(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [routePreloads(), bootAfterPaint()]),
    // Brotli (best) and gzip copies beside each asset, made once at build time; the server picks one per
    // request (backend/src/app.ts serveAssets). index.html stays uncompressed on disk: it is served per request.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
            include: /\.(js|css|svg)$/,
            exclude: /\.map$/,
            threshold: 512,
          }),
        ]),
  ],
  // The first-paint renderer is one self-contained file (React included, production build): the server
  // imports it from wherever the build's files are (a copy of dist/ has no node_modules beside it).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: {
    alias: [
      // react-router publishes its production build beside the development one but its package exports
      // only name the latter (warnings and dev checks included): the build uses the production one.
      ...(process.env.NODE_ENV === 'test' ? [] : [
        { find: /^react-router$/, replacement: here('../node_modules/react-router/dist/production/index.mjs') },
        { find: /^react-router\/dom$/, replacement: here('../node_modules/react-router/dist/production/dom-export.mjs') },
      ]),
      // Import the contract from source so the app never depends on a stale build of shared-types.
      { find: '@cinema-dna/shared-types', replacement: here('../shared-types/src/index.ts') },
      // openapi-sampler's XML writer: the docs sample JSON only (see the stand-in's comment).
      { find: 'fast-xml-parser', replacement: here('src/features/api-docs/lib/no-xml-builder.ts') },
    ],
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
  build: isSsrBuild
    ? { outDir: here('dist/.ssr'), emptyOutDir: true, sourcemap: false, copyPublicDir: false, rolldownOptions: { input: here('src/entry-server.tsx') } }
    : {
        outDir: here('dist'),
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          // The contract's zod schemas are built at module level; building one has no effect beyond its
          // value, so a page that uses only a constant or a type from a contract module does not load zod.
          treeshake: { manualPureFunctions: ['z'] },
          output: {
            codeSplitting: {
              groups: [
                // React and the router change least often: one long-lived chunk every page needs anyway.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
                // The small building blocks nearly every page uses (UI parts, helpers, icons, the query cache, zod):
                // one request instead of dozens of tiny shared chunks, each a round trip on a phone (and its
                // headers on the wire: splitting them per page measured 13 kB more on `/`, not less). Not the
                // contract (shared-types): a chunk's code all runs when it loads, and with every page's schemas in
                // here each page built all of them (2,096) before it could answer a tap; the contract's modules
                // go with the pages that use them (580 schemas built on `/`, see build/pure-contract.ts).
                // Nor the UI parts only some pages open (tabs, accordion, switch, slider, checkbox, collapsible, dialog:
                // with their Radix packages ~15 kB compressed): they go with those pages, and the login dialog loads
                // when first opened (features/auth/components/login-dialog-on-demand.tsx). `/` 196.5 -> 181 kB (Brotli).
                // Nor the toasts' look (Radix Toast, ~10 kB): it loads on the first tap or key press (ui/toast.tsx).
                {
                  name: 'common',
                  test: /node_modules[\\/](lucide-react|@tanstack|valtio|proxy-compare|use-sync-external-store|zod|clsx|tailwind-merge)[\\/]|frontend[\\/]src[\\/](ui[\\/](?!(tabs|accordion|collapsible-section|switch|slider|checkbox|dialog|toast-view|motion-features)\.)|lib[\\/])/,
                  priority: 20,
                },
              ],
            },
          },
        },
      },
  // Used by the root vitest project `unit-frontend`, which extends this file.
  test: { setupFiles: [here('src/test/setup.ts')] },
}));
