import { ENTITY_TYPES, MAX_DEGREES, MIN_DEGREES, type EntityType } from '@cinema-dna/shared-types';
import { X } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { ENTITY_TYPE_PLURALS, EntityTypeIcon } from '../../entities';
import { CheckboxChip } from '../../../ui/checkbox';
import { Slider } from '../../../ui/slider';
import { SwitchField } from '../../../ui/switch';
import { connectionsState, resetParameters, unavoidEntity, updateParameters } from '../store';

/** The five search parameters (spec §9), plus the entities avoided on request. */
export function SearchSettings() {
  const { parameters, avoidNames } = useSnapshot(connectionsState);

  function toggleType(type: EntityType, on: boolean) {
    const current = connectionsState.parameters.allowedTypes;
    const next = on ? [...current, type] : current.filter((t) => t !== type);
    // At least one type must stay allowed.
    if (next.length > 0) updateParameters({ allowedTypes: ENTITY_TYPES.filter((t) => next.includes(t)) });
  }

  return (
    <div className="grid gap-6 rounded-2xl border border-ink-700 bg-ink-900/70 p-5" data-testid="search-settings">
      <div className="grid gap-3">
        <div className="flex items-baseline justify-between">
          <span id="max-degrees-label" className="text-sm font-medium text-bone-100">
            Maximum degrees
          </span>
          <span className="font-display text-2xl text-amber-soft tabular-nums">{parameters.maxDegrees}</span>
        </div>
        <Slider
          aria-labelledby="max-degrees-label"
          thumbLabels={['Maximum degrees']}
          min={MIN_DEGREES}
          max={MAX_DEGREES}
          step={1}
          value={[parameters.maxDegrees]}
          onValueChange={([value]) => updateParameters({ maxDegrees: value ?? parameters.maxDegrees })}
        />
        <div className="flex justify-between text-[11px] text-bone-500 tabular-nums">
          {Array.from({ length: MAX_DEGREES - MIN_DEGREES + 1 }, (_, i) => (
            <span key={i}>{MIN_DEGREES + i}</span>
          ))}
        </div>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium text-bone-100">Allowed types</legend>
        <div className="flex flex-wrap gap-2">
          {ENTITY_TYPES.map((type) => {
            const checked = parameters.allowedTypes.includes(type);
            return (
              <CheckboxChip key={type} checked={checked} onChange={(event) => toggleType(type, event.target.checked)}>
                <EntityTypeIcon type={type} className="size-3.5" />
                {ENTITY_TYPE_PLURALS[type]}
              </CheckboxChip>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-4">
        <SwitchField
          label="Prioritize direct connections"
          description="Among equally short paths, prefer links through shared films and credits."
          checked={parameters.prioritizeDirectConnections}
          onCheckedChange={(value) => updateParameters({ prioritizeDirectConnections: value })}
        />
        <SwitchField
          label="Include obscure connections"
          description="Also walk through very large hubs and little-known entities."
          checked={parameters.includeObscureConnections}
          onCheckedChange={(value) => updateParameters({ includeObscureConnections: value })}
        />
        <SwitchField
          label="Weight by popularity"
          description="Prefer paths through well-known people and films."
          checked={parameters.weightByPopularity}
          onCheckedChange={(value) => updateParameters({ weightByPopularity: value })}
        />
      </div>

      {parameters.avoid.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium text-bone-100">Avoiding</p>
          <ul className="flex flex-wrap gap-2">
            {parameters.avoid.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  onClick={() => unavoidEntity(key)}
                  aria-label={`Stop avoiding ${avoidNames[key] ?? key}`}
                  className="inline-flex items-center gap-1.5 rounded-full border border-scarlet/40 bg-scarlet/10 px-3 py-1 text-xs text-bone-100 hover:border-scarlet"
                >
                  {avoidNames[key] ?? key}
                  <X aria-hidden className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <button type="button" onClick={resetParameters} className="justify-self-start text-xs text-bone-400 underline decoration-ink-600 underline-offset-4 hover:text-amber-soft">
        Reset to defaults
      </button>
    </div>
  );
}
