import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import type { SocketEvent, SocketReference } from '../lib/asyncapi-model';
import { prettyJson, sampleSchema } from '../lib/example-value';
import { CodeBlock } from './code-block';
import { firstParagraph, InlineCode } from './rich-text';
import { SchemaView } from './schema-view';

function Direction({ from }: { from: SocketEvent['from'] }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono text-[11px] font-semibold tracking-wide ring-1 ring-inset',
        from === 'client' ? 'bg-amber-glow/12 text-amber-soft ring-amber-glow/35' : 'bg-live/12 text-live ring-live/35',
      )}
      title={from === 'client' ? 'The client emits it' : 'The server sends it'}
    >
      {from === 'client' ? 'EMIT' : 'ON'}
    </span>
  );
}

/** The Socket.IO contract from the AsyncAPI document: commands a client emits, then events the server sends. */
export function SocketEventList({ reference, anchor }: { reference: SocketReference; anchor: string }) {
  const { document } = reference;
  return (
    <section aria-labelledby={anchor} className="grid min-w-0 gap-3">
      <div>
        <h2 id={anchor} className="scroll-mt-24 font-display text-2xl font-medium tracking-tight text-bone-50">
          Socket.IO events
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-bone-400">
          <span className="font-mono text-amber-soft">EMIT</span> commands are answered by an acknowledgement;{' '}
          <span className="font-mono text-live">ON</span> events arrive from the server. <InlineCode text={firstParagraph(reference.description) ?? ''} />
        </p>
      </div>
      <AccordionPrimitive.Root type="multiple" className="grid gap-2">
        {reference.events.map((event) => {
          const example = sampleSchema(document, event.payload);
          return (
            <AccordionPrimitive.Item key={`${event.from}:${event.name}`} value={`${event.from}:${event.name}`} className="min-w-0 rounded-2xl bg-ink-850/70 ring-1 ring-inset ring-ink-700">
              <AccordionPrimitive.Header className="flex">
                <AccordionPrimitive.Trigger className="group flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-left transition-colors hover:bg-ink-800/60 sm:flex-nowrap">
                  <Direction from={event.from} />
                  <code className="min-w-0 font-mono text-[13px] text-bone-50 sm:shrink-0">{event.name}</code>
                  <span className="order-last w-full truncate text-sm text-bone-400 sm:order-none sm:w-auto sm:flex-1">{event.summary}</span>
                  <ChevronDown aria-hidden className="ml-auto size-4 shrink-0 text-bone-400 transition-transform duration-200 group-data-[state=open]:rotate-180" />
                </AccordionPrimitive.Trigger>
              </AccordionPrimitive.Header>
              <AccordionPrimitive.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
                <div className="grid gap-4 border-t border-ink-700 px-4 pb-5 pt-4">
                  {event.summary && (
                    <p className="text-[15px] leading-relaxed text-bone-300">
                      <InlineCode text={event.summary} />
                    </p>
                  )}
                  <div className="grid gap-2.5">
                    <h4 className="text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Payload</h4>
                    <SchemaView document={document} schema={event.payload} />
                    {example !== undefined && <CodeBlock label="Example payload" code={prettyJson(example)} />}
                  </div>
                  {event.ack && (
                    <div className="grid gap-2.5">
                      <h4 className="text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Acknowledgement</h4>
                      <SchemaView document={document} schema={event.ack} />
                    </div>
                  )}
                </div>
              </AccordionPrimitive.Content>
            </AccordionPrimitive.Item>
          );
        })}
      </AccordionPrimitive.Root>
    </section>
  );
}
