/* global document, performance, PerformanceObserver, setTimeout */
// Starts the app once the page the server rendered into #root is on screen (frontend/build/boot-after-paint.ts):
// the app's scripts (#app-scripts, entry first) and the current page's (#route-scripts) load after the first
// contentful paint, as module preloads plus the entry's import: on a slow link the first paint needs only
// the HTML and the CSS. With nothing to paint (an empty #root: no server rendering) or in a hidden tab it
// starts at once; so does a browser that reports no paints, and any browser after a short wait.
const list = (id) => {
  const element = document.getElementById(id);
  return element ? JSON.parse(element.textContent) : [];
};
let started = false;
function start() {
  if (started) return;
  started = true;
  const [entry, ...preloads] = list('app-scripts');
  const links = [...preloads, ...list('route-scripts')].map((href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    return link;
  });
  document.head.append(...links);
  evaluateInTurn(preloads).then(() => import(entry));
}
// The entry's chunks, dependencies first, each evaluated in a task of its own: evaluating them all from the
// entry's import is one long task that blocks a phone's main thread (building the contract's schemas alone
// takes tens of milliseconds there). A chunk that fails here is left to the entry's import, which reports it.
async function evaluateInTurn(chunks) {
  for (const href of chunks) {
    await import(href).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve));
  }
}
const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
if (!document.getElementById('root')?.firstChild || document.visibilityState === 'hidden' || painted() || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  start();
} else {
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
}
