import { plural } from '@cinema-dna/shared-types';
import type { Incident, StatusHistory } from '@cinema-dna/shared-types';
import { History } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { STATUS_LABELS, STATUS_TONES } from './status-styles';

type UptimeDay = StatusHistory['services'][number]['days'][number];

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 0.99953 → "99.95%"; whole hundreds without decimals. */
export function formatUptime(fraction: number): string {
  const percent = Math.floor(fraction * 10_000) / 100;
  return `${percent === 100 ? '100' : percent.toFixed(2)}%`;
}

/** A day's colour: grey without checks, green when all were operational, else the worst state seen. */
function dayColour(day: UptimeDay): string {
  if (day.uptime === null) return 'bg-ink-700';
  if (day.uptime >= 1 || day.worst === 'operational' || day.worst === null) return STATUS_TONES.operational.bar;
  return STATUS_TONES[day.worst].bar;
}

export function dayLabel(day: UptimeDay): string {
  const date = dayFormat.format(new Date(`${day.date}T00:00:00Z`));
  return day.uptime === null ? `${date}: no data` : `${date}: ${formatUptime(day.uptime)} uptime`;
}

function UptimeBars({ service }: { service: StatusHistory['services'][number] }) {
  return (
    <li data-testid="uptime-service" aria-label={`${service.name} uptime`} className="px-5 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium text-bone-100">{service.name}</h3>
        <p className="text-sm tabular-nums text-bone-400" data-testid="uptime-percent">
          {service.uptime === null ? 'No data yet' : `${formatUptime(service.uptime)} uptime`}
        </p>
      </div>
      <ol aria-label={`${service.name}, one bar per day`} className="mt-2.5 flex h-8 items-stretch gap-px sm:gap-[2px]">
        {service.days.map((day) => (
          <li key={day.date} className="group relative flex-1">
            <span role="img" aria-label={dayLabel(day)} title={dayLabel(day)} className={cn('block h-full rounded-[2px] transition-opacity group-hover:opacity-70', dayColour(day))} />
            <span
              role="tooltip"
              className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-2 hidden -translate-x-1/2 whitespace-nowrap rounded-lg border border-ink-600 bg-ink-800 px-2.5 py-1.5 text-xs text-bone-100 shadow-lg group-hover:block"
            >
              {dayLabel(day)}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-1.5 flex justify-between text-[11px] text-bone-500">
        <span>{plural(service.days.length, 'day')} ago</span>
        <span>Today</span>
      </div>
    </li>
  );
}

function IncidentRow({ incident }: { incident: Incident }) {
  const tone = STATUS_TONES[incident.status];
  return (
    <li data-testid="incident" className="grid gap-1 px-5 py-4 text-sm sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:gap-5">
      <div>
        <p className="font-medium text-bone-100">{incident.serviceName}</p>
        <p className={cn('text-xs font-medium', tone.text)}>{STATUS_LABELS[incident.status]}</p>
      </div>
      <p className="min-w-0 break-words text-bone-300">{incident.description}</p>
      <p className="text-xs text-bone-500 sm:text-right">
        Started <time dateTime={incident.startedAt}>{dateTimeFormat.format(new Date(incident.startedAt))}</time>
        <br />
        {incident.resolvedAt ? (
          <>
            Resolved <time dateTime={incident.resolvedAt}>{dateTimeFormat.format(new Date(incident.resolvedAt))}</time>
          </>
        ) : (
          <span className="font-medium text-amber-soft">Ongoing</span>
        )}
      </p>
    </li>
  );
}

/** Ninety days of uptime per service, then the incidents of that span. */
export function UptimeHistory({ history }: { history: StatusHistory }) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="uptime-heading" className="rounded-2xl border border-ink-700 bg-ink-850/60">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-ink-700 px-5 py-4">
          <h2 id="uptime-heading" className="font-display text-xl font-medium text-bone-50">
            Uptime, last {plural(history.days, 'day')}
          </h2>
          <p className="flex items-center gap-3 text-xs text-bone-500">
            <Legend className="bg-live" label="Operational" />
            <Legend className="bg-amber-glow" label="Degraded" />
            <Legend className="bg-scarlet" label="Down" />
            <Legend className="bg-ink-700" label="No data" />
          </p>
        </div>
        <ul className="divide-y divide-ink-800">
          {history.services.map((service) => (
            <UptimeBars key={service.id} service={service} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="incidents-heading" className="rounded-2xl border border-ink-700 bg-ink-850/60">
        <h2 id="incidents-heading" className="border-b border-ink-700 px-5 py-4 font-display text-xl font-medium text-bone-50">
          Incident history
        </h2>
        {history.incidents.length === 0 ? (
          <p className="flex items-center gap-2 px-5 py-6 text-sm text-bone-400">
            <History aria-hidden className="size-4" />
            No incidents in the last {plural(history.days, 'day')}.
          </p>
        ) : (
          <ol aria-label="Incidents" className="divide-y divide-ink-800">
            {history.incidents.map((incident) => (
              <IncidentRow key={incident.id} incident={incident} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className={cn('size-2.5 rounded-[2px]', className)} />
      {label}
    </span>
  );
}
