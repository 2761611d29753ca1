import { FAIR_PLAY_AWARDS, FAIR_PLAY_INTRO, FAIR_PLAY_SECTIONS } from '@cinema-dna/shared-types';
import { cn } from '../../../lib/class-names';

type Heading = 'h2' | 'h3' | 'h4';

/**
 * The rules of points (fair play): what pays, how much, how often, and what never pays. The words and
 * numbers come from shared-types (the constants the server enforces); /help and /badges both show them.
 */
export function FairPlayRules({ headingLevel = 'h3', wide = false, className }: { headingLevel?: Heading; wide?: boolean; className?: string }) {
  const Title = headingLevel;
  return (
    <div className={cn('grid gap-6 text-sm leading-relaxed text-bone-300', className)}>
      <p className={cn(wide && 'max-w-3xl')}>{FAIR_PLAY_INTRO}</p>
      <div className={cn(wide && 'max-w-3xl')}>
        <Title className="font-semibold text-bone-100">What pays</Title>
        <div className="mt-3 overflow-hidden rounded-xl border border-ink-700">
          <table className="w-full text-left text-sm">
            <thead className="bg-ink-850 text-bone-400">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Action
                </th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">
                  Points
                </th>
              </tr>
            </thead>
            {/* One group per action: its name and points, then how often it pays, under both. */}
            {FAIR_PLAY_AWARDS.map((row) => (
              <tbody key={row.action} className="border-t border-ink-700">
                <tr>
                  <th scope="row" className="px-4 pt-3 font-medium text-bone-100">
                    {row.action}
                  </th>
                  <td className="px-4 pt-3 text-right font-semibold tabular-nums text-amber-soft">{row.points}</td>
                </tr>
                <tr>
                  <td colSpan={2} className="px-4 pt-1 pb-3 text-bone-400">
                    {row.often}
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      </div>
      {/* Wide pages set the sections in two columns, none split across them. */}
      <div className={cn('grid gap-6', wide && 'lg:block lg:columns-2 lg:gap-10')}>
        {FAIR_PLAY_SECTIONS.map((section) => (
          <div key={section.title} className={cn(wide && 'lg:mb-6 lg:break-inside-avoid')}>
            <Title className="font-semibold text-bone-100">{section.title}</Title>
            <ul className="mt-2 grid list-disc gap-2 pl-5 marker:text-ink-500">
              {section.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
