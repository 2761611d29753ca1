import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { startServer } from './server.js';
import { loadConfig } from './platform/config.js';
import { createLogger } from './platform/logging.js';
const staticDir = mkdtempSync(path.join(tmpdir(), 'st-'));
writeFileSync(path.join(staticDir, 'index.html'), '<html><head></head><body></body></html>');
const t0 = Date.now();
const s = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pr-')), STATIC_DIR: staticDir, LOG_LEVEL: 'silent' }), { searchWorkers: 0 });
console.log('started in', Date.now() - t0);
async function raw(text: string) {
  return new Promise<string>((resolve) => {
    const c = net.connect(s.port, '127.0.0.1', () => c.write(text));
    let out = '';
    c.on('data', (d) => (out += d));
    c.on('close', () => resolve(out));
    setTimeout(() => { c.destroy(); resolve(out + ' [timeout]'); }, 1500);
  });
}
const tries = [
  'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /socket.io/?EIO=3&transport=polling HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
  'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
  'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n',
  'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
  'GET /api/health HTTP/1.0\r\n\r\n',
  'GET /api/entity/person/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /assets/..%2f..%2fetc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /api/search?q=%00%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
];
for (const t of tries) console.log(JSON.stringify(t.slice(0, 60)), '=>', JSON.stringify((await raw(t)).slice(0, 300)));
await s.close();
