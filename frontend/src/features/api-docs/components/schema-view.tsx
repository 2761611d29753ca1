import type { OpenAPIV3_1 } from 'openapi-types';
import { refName, resolveRef, schemaConstraints, schemaTypeLabel, type JsonSchema } from '../lib/openapi-model';

/** Nesting shown before a schema is summarised by its type alone. */
const MAX_DEPTH = 4;

interface ObjectShape {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** The properties of an object schema, with `allOf` members merged in; null when it has none. */
function objectShape(document: unknown, raw: JsonSchema | undefined): ObjectShape | null {
  if (!raw) return null;
  const schema = resolveRef<OpenAPIV3_1.SchemaObject>(document, raw);
  const shape: ObjectShape = { properties: {}, required: [] };
  for (const member of schema.allOf ?? []) {
    const inner = objectShape(document, member as JsonSchema);
    if (inner) {
      Object.assign(shape.properties, inner.properties);
      shape.required.push(...inner.required);
    }
  }
  Object.assign(shape.properties, schema.properties ?? {});
  shape.required.push(...(schema.required ?? []));
  return Object.keys(shape.properties).length > 0 ? shape : null;
}

/** The schema whose fields to show under a property: the object itself, or an array's items. */
function nestedObject(document: unknown, raw: JsonSchema): JsonSchema | null {
  const schema = resolveRef<OpenAPIV3_1.SchemaObject>(document, raw);
  if (objectShape(document, raw)) return raw;
  const items = (schema as OpenAPIV3_1.ArraySchemaObject).items as JsonSchema | undefined;
  if (items && objectShape(document, items)) return items;
  return null;
}

interface SchemaViewProps {
  document: unknown;
  schema: JsonSchema | undefined;
  /** Schemas already open above this one (by `$ref` name), so a recursive schema stops. */
  seen?: string[];
  depth?: number;
}

/** A schema as a readable field list: name, type, required, constraints and description, nested objects indented. */
export function SchemaView({ document, schema, seen = [], depth = 0 }: SchemaViewProps) {
  const shape = objectShape(document, schema);
  if (!shape) {
    const resolved = schema ? resolveRef<OpenAPIV3_1.SchemaObject>(document, schema) : undefined;
    const members = (resolved?.oneOf ?? resolved?.anyOf ?? []) as JsonSchema[];
    // A union of objects (an acknowledgement's success and failure): each alternative's fields.
    if (depth < MAX_DEPTH && members.length > 1 && members.every((member) => objectShape(document, member))) {
      return (
        <div className="grid gap-2">
          <p className="text-xs text-bone-500">One of:</p>
          {members.map((member, index) => (
            <SchemaView key={index} document={document} schema={member} seen={seen} depth={depth} />
          ))}
        </div>
      );
    }
    return <p className="font-mono text-[13px] text-bone-300">{schemaTypeLabel(document, schema)}</p>;
  }
  return (
    // minmax(0, 1fr): a long default or enum wraps inside the box instead of widening it past the screen.
    <ul
      className={
        depth === 0
          ? 'grid grid-cols-[minmax(0,1fr)] gap-px overflow-hidden rounded-xl ring-1 ring-inset ring-ink-700'
          : 'mt-2 grid grid-cols-[minmax(0,1fr)] gap-px border-l border-ink-700 pl-3'
      }
    >
      {Object.entries(shape.properties).map(([name, property]) => {
        const resolved = resolveRef<OpenAPIV3_1.SchemaObject>(document, property);
        const nested = nestedObject(document, property);
        const nestedName = nested ? refName(nested) : undefined;
        const openNested = nested && depth < MAX_DEPTH && !(nestedName && seen.includes(nestedName));
        const constraints = schemaConstraints(document, property);
        return (
          <li key={name} className={depth === 0 ? 'bg-ink-900/60 px-3.5 py-2.5' : 'py-1.5'}>
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
              <code className="font-mono text-[13px] font-semibold text-bone-50">{name}</code>
              <span className="break-all font-mono text-[12px] text-teal-info">{schemaTypeLabel(document, property)}</span>
              {shape.required.includes(name) && <span className="text-[11px] font-medium uppercase tracking-wider text-amber-glow">required</span>}
              {constraints.length > 0 && <span className="break-all text-xs text-bone-500">{constraints.join(' · ')}</span>}
            </div>
            {resolved.description && <p className="mt-0.5 text-[13px] leading-snug text-bone-400">{resolved.description}</p>}
            {openNested && <SchemaView document={document} schema={nested} seen={nestedName ? [...seen, nestedName] : seen} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
