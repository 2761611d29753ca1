import type { ConnectionResult } from '@cinema-dna/shared-types';
import { Info } from 'lucide-react';
import { derivePathQuality, QUALITY_EXPLANATION } from '../lib/path-quality';

/** Degrees / Steps / Cached or Fresh / Quality of the latest result ("—" before there is one). */
export function ResultStats({ result }: { result: ConnectionResult | null }) {
  const found = result?.found && result.degrees !== null ? result : null;
  const quality = found ? derivePathQuality(found) : null;
  const stats = [
    { label: 'Degrees', value: found ? String(found.degrees) : '—', caption: found ? `of at most ${found.maxDegrees}` : null },
    { label: 'Steps', value: found ? String(found.path.length) : '—', caption: found ? 'entities on the path' : null },
    { label: 'Cached or Fresh', value: result ? (result.cached ? 'Cached' : 'Fresh') : '—', caption: result ? (result.cached ? 'served from the cache' : `computed in ${formatMs(result.searchMs)}`) : null },
    { label: 'Quality', value: quality?.grade ?? '—', caption: quality?.basis ?? null },
  ];
  return (
    <div>
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-ink-700 bg-ink-700 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="bg-ink-900 px-4 py-3.5">
            <dt className="text-[11px] font-semibold uppercase tracking-[0.16em] text-bone-500">{stat.label}</dt>
            <dd className="mt-1 font-display text-2xl font-medium text-bone-50">{stat.value}</dd>
            {stat.caption && <dd className="mt-0.5 truncate text-xs text-bone-500">{stat.caption}</dd>}
          </div>
        ))}
      </dl>
      <p className="mt-2 flex items-start gap-1.5 text-xs leading-relaxed text-bone-500">
        <Info aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        Quality: {QUALITY_EXPLANATION}
      </p>
    </div>
  );
}

function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
