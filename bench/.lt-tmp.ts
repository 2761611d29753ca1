import { chromium } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server.js';
async function main() {
  const server = await startAppServer({ root: process.argv[2] ?? '/work/wt-web-speed' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const route of (process.argv[3] ?? '/').split(',')) for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => { (window as any).__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt.push([Math.round(e.startTime), Math.round(e.duration), (e as any).attribution?.[0]?.containerSrc ?? '']); }).observe({ type: 'longtask', buffered: true }); });
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const lt = await page.evaluate(() => (window as any).__lt);
    console.log(route, 'long tasks', JSON.stringify(lt), 'sum>50', lt.reduce((s: number, t: number[]) => s + Math.max(0, t[1]! - 50), 0));
    await context.close();
  }
  await browser.close(); await server.stop();
}
void main();
