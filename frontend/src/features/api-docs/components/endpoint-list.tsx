import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown, Lock, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Input } from '../../../ui/form-field';
import type { SocketReference } from '../lib/asyncapi-model';
import { requiresSignIn } from '../lib/auth-summary';
import { groupAnchor } from '../lib/group-anchor';
import type { ApiGroup, ApiOperation, ApiReference } from '../lib/openapi-model';
import { EndpointDetails } from './endpoint-details';
import { MethodBadge } from './method-badge';
import { InlineCode } from './rich-text';
import { SocketEventList } from './socket-event-list';

const SOCKET_ANCHOR = 'group-socket-io-events';

function matches(operation: ApiOperation, needle: string): boolean {
  return [operation.path, operation.summary, operation.method, operation.tag, operation.operationId ?? ''].some((text) => text.toLowerCase().includes(needle));
}

interface EndpointListProps {
  reference: ApiReference;
  /** The Socket.IO events (AsyncAPI), listed after the HTTP groups when loaded. */
  socket?: SocketReference;
  onTry?: (operation: ApiOperation) => void;
  /** Operations open at first (by key), e.g. one linked to from /docs. */
  initiallyOpen?: string[];
}

/** Every operation of the document, grouped by feature (tag), each opening to its details and samples. */
export function EndpointList({ reference, socket, onTry, initiallyOpen = [] }: EndpointListProps) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const groups: ApiGroup[] = useMemo(
    () =>
      reference.groups
        .map((group) => ({ ...group, operations: needle ? group.operations.filter((operation) => matches(operation, needle)) : group.operations }))
        .filter((group) => group.operations.length > 0),
    [reference, needle],
  );
  const socketEvents = useMemo(
    () => (socket ? { ...socket, events: socket.events.filter((event) => !needle || `${event.name} ${event.summary}`.toLowerCase().includes(needle)) } : undefined),
    [socket, needle],
  );
  const showSocket = Boolean(socketEvents && socketEvents.events.length > 0);

  return (
    <div className="grid gap-8 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="Endpoint groups" className="hidden lg:block">
        <div className="sticky top-24 grid gap-4">
          <label className="relative block">
            <span className="sr-only">Filter endpoints</span>
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-bone-500" />
            <Input value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="Filter endpoints" className="h-10 pl-9 text-sm" />
          </label>
          <ul className="grid gap-1 border-l border-ink-700 pl-4 text-sm">
            {groups.map((group) => (
              <li key={group.name}>
                <a href={`#${groupAnchor(group.name)}`} className="flex justify-between gap-2 py-0.5 text-bone-400 transition-colors hover:text-amber-soft">
                  <span className="truncate">{group.name}</span>
                  <span className="tabular-nums text-bone-500">{group.operations.length}</span>
                </a>
              </li>
            ))}
            {showSocket && (
              <li>
                <a href={`#${SOCKET_ANCHOR}`} className="flex justify-between gap-2 py-0.5 text-bone-400 transition-colors hover:text-amber-soft">
                  <span className="truncate">Socket.IO events</span>
                  <span className="tabular-nums text-bone-500">{socketEvents?.events.length}</span>
                </a>
              </li>
            )}
          </ul>
        </div>
      </nav>

      <div className="grid min-w-0 content-start gap-10">
        <label className="relative block lg:hidden">
          <span className="sr-only">Filter endpoints</span>
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-bone-500" />
          <Input value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="Filter endpoints" className="h-10 pl-9 text-sm" />
        </label>
        {groups.length === 0 && !showSocket && <p className="text-bone-400">No endpoint matches “{filter.trim()}”.</p>}
        {groups.map((group) => (
          <section key={group.name} aria-labelledby={groupAnchor(group.name)} className="grid min-w-0 gap-3">
            <div>
              <h2 id={groupAnchor(group.name)} className="scroll-mt-24 font-display text-2xl font-medium tracking-tight text-bone-50">
                {group.name}
              </h2>
              {group.description && (
                <p className="mt-1 text-sm leading-relaxed text-bone-400">
                  <InlineCode text={group.description} />
                </p>
              )}
            </div>
            <AccordionPrimitive.Root type="multiple" defaultValue={initiallyOpen} className="grid gap-2">
              {group.operations.map((operation) => (
                <AccordionPrimitive.Item
                  key={operation.key}
                  value={operation.key}
                  className="min-w-0 rounded-2xl bg-ink-850/70 ring-1 ring-inset ring-ink-700 data-[state=open]:ring-ink-600"
                >
                  <AccordionPrimitive.Header className="flex">
                    <AccordionPrimitive.Trigger
                      aria-label={`${operation.method.toUpperCase()} ${operation.path}${operation.summary ? `: ${operation.summary}` : ''}`}
                      className="group flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-left transition-colors hover:bg-ink-800/60 sm:flex-nowrap"
                    >
                      <MethodBadge method={operation.method} />
                      <code className="min-w-0 break-all font-mono text-[13px] text-bone-50 sm:shrink-0 sm:break-normal">{operation.path}</code>
                      <span className="order-last w-full truncate text-sm text-bone-400 sm:order-none sm:w-auto sm:flex-1">{operation.summary}</span>
                      {operation.deprecated && <span className="text-xs text-scarlet">deprecated</span>}
                      {requiresSignIn(operation) && (
                        <Lock aria-label="Needs authentication" className="size-3.5 shrink-0 text-amber-glow" />
                      )}
                      <ChevronDown aria-hidden className="ml-auto size-4 shrink-0 text-bone-400 transition-transform duration-200 group-data-[state=open]:rotate-180" />
                    </AccordionPrimitive.Trigger>
                  </AccordionPrimitive.Header>
                  <AccordionPrimitive.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
                    <div className="border-t border-ink-700 px-4 pb-5 pt-4">
                      <EndpointDetails reference={reference} operation={operation} onTry={onTry} />
                    </div>
                  </AccordionPrimitive.Content>
                </AccordionPrimitive.Item>
              ))}
            </AccordionPrimitive.Root>
          </section>
        ))}
        {showSocket && socketEvents && <SocketEventList reference={socketEvents} anchor={SOCKET_ANCHOR} />}
      </div>
    </div>
  );
}
