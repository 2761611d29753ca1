import type { Plugin } from 'vite';

/** The data block listing the app's scripts (entry first) in the built index.html; public/boot.js reads it. */
export const APP_SCRIPTS_ID = 'app-scripts';
/** The data block the server adds with the current route's page scripts (backend/src/platform/route-preloads.ts). */
export const ROUTE_SCRIPTS_ID = 'route-scripts';

/**
 * The built index.html loads the app after the page's first paint instead of from the head: Vite's entry
 * `<script>` and its `<link rel="modulepreload">`s become a JSON list that public/boot.js turns back into
 * the same module preloads and import once the server-rendered page (src/entry-server.tsx) is on screen.
 * On a phone's slow link the first paint then needs only the HTML and the CSS: 200 kB of script no longer
 * share the connection with them. Build only: the dev server serves index.html as written.
 */
export function bootAfterPaint(): Plugin {
  return {
    name: 'cinema-dna:boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts: string[] = [];
        let rest = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
          scripts.unshift(src);
          return '';
        });
        rest = rest.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
          scripts.push(href);
          return '';
        });
        if (scripts.length === 0) throw new Error('boot-after-paint: no entry script in index.html');
        const boot = `    <script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(scripts)}</script>\n    <script type="module" src="/boot.js"></script>\n  </head>`;
        return rest.replace('</head>', boot);
      },
    },
  };
}
