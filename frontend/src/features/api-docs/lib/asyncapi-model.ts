import { resolveRef, type JsonSchema } from './openapi-model';

/** One Socket.IO event of the contract. */
export interface SocketEvent {
  /** The event name on the wire: `search:start`. */
  name: string;
  /** `client`: a command the client emits; `server`: an event the server sends. */
  from: 'client' | 'server';
  summary: string;
  payload?: JsonSchema;
  /** The acknowledgement a command is answered with. */
  ack?: JsonSchema;
}

/** What the docs show of an AsyncAPI document. */
export interface SocketReference {
  title: string;
  description?: string;
  events: SocketEvent[];
  /** The document itself, for resolving `$ref`s in payloads. */
  document: unknown;
}

interface AsyncMessage {
  name?: string;
  title?: string;
  summary?: string;
  payload?: JsonSchema;
}

interface AsyncOperation {
  action?: 'send' | 'receive';
  title?: string;
  summary?: string;
  description?: string;
  messages?: Array<{ $ref?: string }>;
  reply?: { messages?: Array<{ $ref?: string }> };
}

/**
 * Reads an AsyncAPI 3 document: each operation is an event, named by its message (`search:start`).
 * In AsyncAPI the application's point of view rules: the server `receive`s what clients emit.
 */
export function readAsyncApiDocument(value: unknown): SocketReference {
  if (!value || typeof value !== 'object' || typeof (value as { asyncapi?: unknown }).asyncapi !== 'string') {
    throw new Error('The socket description is not an AsyncAPI document.');
  }
  const document = value as { info?: { title?: string; description?: string }; operations?: Record<string, AsyncOperation> };
  const events: SocketEvent[] = [];
  for (const [id, operation] of Object.entries(document.operations ?? {})) {
    const message = operation.messages?.[0] ? resolveRef<AsyncMessage>(document, operation.messages[0] as AsyncMessage) : undefined;
    const reply = operation.reply?.messages?.[0] ? resolveRef<AsyncMessage>(document, operation.reply.messages[0] as AsyncMessage) : undefined;
    events.push({
      name: message?.name ?? operation.title ?? id,
      from: operation.action === 'receive' ? 'client' : 'server',
      summary: operation.summary ?? operation.description ?? message?.summary ?? '',
      payload: message?.payload,
      ack: reply?.payload,
    });
  }
  // Commands first, then what the server sends: the order a client meets them in.
  events.sort((a, b) => (a.from === b.from ? 0 : a.from === 'client' ? -1 : 1));
  return { title: document.info?.title ?? 'Socket.IO events', description: document.info?.description, events, document };
}
