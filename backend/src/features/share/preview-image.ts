import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { ConnectionResult, EntitySummary } from '@cinema-dna/shared-types';

/** Open Graph's recommended size. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

// Fonts travel with the npm package, so rendering never depends on what the host has installed.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = [path.join(fontDir, 'DejaVuSans.ttf'), path.join(fontDir, 'DejaVuSans-Bold.ttf')];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The connection as a 1200×630 PNG: both ends, the chain between them, and the degree count. */
export function renderConnectionPreview(from: EntitySummary, to: EntitySummary, result: ConnectionResult): Buffer {
  const steps = result.path.map((step) => step.entity.name);
  const middle = steps.slice(1, -1);
  const headline = result.found ? `${result.degrees}-degree connection` : `No connection within ${result.maxDegrees} degrees`;
  const chain = result.found ? cut(middle.join('  →  ') || 'directly linked', 80) : 'Try another pair on Cinema DNA';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
  <defs>
    <radialGradient id="glow" cx="50%" cy="0%" r="80%"><stop offset="0%" stop-color="#3a2a10"/><stop offset="100%" stop-color="#0b0a09"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <text x="80" y="110" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#f0b24b">Cinema DNA</text>
  <text x="80" y="230" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#f5efe3">${escapeXml(cut(from.name, 30))}</text>
  <text x="80" y="310" font-family="DejaVu Sans" font-size="40" fill="#f0b24b">↓</text>
  <text x="80" y="400" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#f5efe3">${escapeXml(cut(to.name, 30))}</text>
  <text x="80" y="490" font-family="DejaVu Sans" font-size="32" fill="#c9c1b3">${escapeXml(headline)}</text>
  <text x="80" y="545" font-family="DejaVu Sans" font-size="26" fill="#8d8577">${escapeXml(chain)}</text>
</svg>`;
  const png = new Resvg(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'original' } }).render().asPng();
  return Buffer.from(png);
}
