import { chromium } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server.js';
async function main() {
  const server = await startAppServer({ root: process.argv[2] ?? '/work/wt-web-speed' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(server.url + (process.argv[3] ?? '/'), { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const { profile } = await cdp.send('Profiler.stop') as any;
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<string, number>();
  const dt = profile.timeDeltas as number[];
  profile.samples.forEach((id: number, i: number) => { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
  // inclusive time per function
  const parent = new Map<number, number>(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  profile.samples.forEach((id: number, i: number) => { const seen = new Set<string>(); let cur: number | undefined = id; while (cur !== undefined) { const n = byId.get(cur); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + (dt[i] ?? 0)); } cur = parent.get(cur); } });
  console.log('SELF'); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(Math.round(v / 1000), k);
  console.log('INCL'); for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(Math.round(v / 1000), k);
  await browser.close(); await server.stop();
}
void main();
