import { nounFor } from '@cinema-dna/shared-types';
import type { EntityType } from '@cinema-dna/shared-types';
import { shareImageFileName, truncateName } from './share-content';

/** The share image's size in pixels (spec §9). */
export const SHARE_IMAGE_WIDTH = 800;
export const SHARE_IMAGE_HEIGHT = 400;

export interface ShareImageInput {
  degrees: number;
  from: { name: string; type: EntityType };
  to: { name: string; type: EntityType };
  /** Every step of the path, ends included. */
  steps: Array<{ name: string; type: EntityType }>;
}

const INK = '#0d0c0a';
const AMBER = '#f2b04a';
const AMBER_SOFT = '#f7cf8a';
const BONE = '#f6f1e7';
const BONE_MUTED = '#a89d89';
const LINE = '#363129';
const DISPLAY = '"Fraunces Variable", Georgia, serif';
const SANS = '"Inter Variable", system-ui, sans-serif';

/** Draws the 800×400 card: both names (cut at 15 characters), the chain of steps, the degree count. */
export function drawShareImage(ctx: CanvasRenderingContext2D, input: ShareImageInput): void {
  const W = SHARE_IMAGE_WIDTH;
  const H = SHARE_IMAGE_HEIGHT;
  const pad = 48;

  ctx.fillStyle = INK;
  ctx.fillRect(0, 0, W, H);
  const glow = ctx.createRadialGradient(W / 2, -60, 20, W / 2, -60, 520);
  glow.addColorStop(0, 'rgba(242,176,74,0.28)');
  glow.addColorStop(0.45, 'rgba(242,176,74,0.06)');
  glow.addColorStop(1, 'rgba(242,176,74,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = 'rgba(242,176,74,0.25)';
  ctx.lineWidth = 1;
  ctx.strokeRect(16.5, 16.5, W - 33, H - 33);

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = AMBER;
  ctx.font = `600 13px ${SANS}`;
  setLetterSpacing(ctx, '3px');
  ctx.fillText('CINEMA DNA · SIX DEGREES OF CINEMA', pad, 66);
  setLetterSpacing(ctx, '0px');

  // The two ends.
  ctx.fillStyle = BONE;
  ctx.font = `500 40px ${DISPLAY}`;
  ctx.textAlign = 'left';
  ctx.fillText(truncateName(input.from.name), pad, 150, W / 2 - pad - 12);
  ctx.textAlign = 'right';
  ctx.fillText(truncateName(input.to.name), W - pad, 150, W / 2 - pad - 12);
  ctx.fillStyle = BONE_MUTED;
  ctx.font = `500 12px ${SANS}`;
  setLetterSpacing(ctx, '2px');
  ctx.textAlign = 'left';
  ctx.fillText(input.from.type.toUpperCase(), pad, 176);
  ctx.textAlign = 'right';
  ctx.fillText(input.to.type.toUpperCase(), W - pad, 176);
  setLetterSpacing(ctx, '0px');

  // The chain: one node per step.
  const y = 232;
  const count = Math.max(2, input.steps.length);
  const x = (i: number) => pad + 10 + ((W - 2 * pad - 20) * i) / (count - 1);
  ctx.strokeStyle = LINE;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x(0), y);
  ctx.lineTo(x(count - 1), y);
  ctx.stroke();
  const line = ctx.createLinearGradient(x(0), 0, x(count - 1), 0);
  line.addColorStop(0, AMBER);
  line.addColorStop(0.5, '#c98a2b');
  line.addColorStop(1, AMBER);
  ctx.strokeStyle = line;
  ctx.beginPath();
  ctx.moveTo(x(0), y);
  ctx.lineTo(x(count - 1), y);
  ctx.stroke();
  for (let i = 0; i < count; i++) {
    const end = i === 0 || i === count - 1;
    ctx.beginPath();
    ctx.arc(x(i), y, end ? 10 : 6, 0, Math.PI * 2);
    ctx.fillStyle = end ? AMBER : INK;
    ctx.fill();
    if (!end) {
      ctx.strokeStyle = AMBER_SOFT;
      ctx.lineWidth = 2;
      ctx.stroke();
      // The steps between the ends, named under their nodes.
      const step = input.steps[i];
      if (step) {
        ctx.fillStyle = BONE_MUTED;
        ctx.font = `500 11px ${SANS}`;
        ctx.textAlign = 'center';
        ctx.fillText(truncateName(step.name), x(i), y + 28, (W - 2 * pad) / (count - 1) - 8);
      }
    }
  }

  // The count.
  ctx.textAlign = 'left';
  ctx.fillStyle = AMBER;
  ctx.font = `500 64px ${DISPLAY}`;
  const number = String(input.degrees);
  ctx.fillText(number, pad, 340);
  const numberWidth = ctx.measureText(number).width;
  ctx.fillStyle = BONE;
  ctx.font = `400 22px ${DISPLAY}`;
  ctx.fillText(`${nounFor(input.degrees, 'degree')} of separation`, pad + numberWidth + 14, 338);
  ctx.textAlign = 'right';
  ctx.fillStyle = BONE_MUTED;
  ctx.font = `500 13px ${SANS}`;
  ctx.fillText('#CinemaDNA #SixDegrees #Movies', W - pad, 338);
}

function setLetterSpacing(ctx: CanvasRenderingContext2D, value: string): void {
  // Not in every engine; the text is still fine without it.
  if ('letterSpacing' in ctx) (ctx as CanvasRenderingContext2D & { letterSpacing: string }).letterSpacing = value;
}

/** Renders the image and saves it as cinema-dna-{n}-degrees.png. */
export async function downloadShareImage(input: ShareImageInput): Promise<void> {
  // Canvas text uses only fonts already loaded; make sure the display face is.
  await Promise.allSettled([document.fonts?.load(`500 40px ${DISPLAY}`), document.fonts?.load(`600 13px ${SANS}`)]);
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_IMAGE_WIDTH;
  canvas.height = SHARE_IMAGE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  drawShareImage(ctx, input);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('Could not encode the image');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = shareImageFileName(input.degrees);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
