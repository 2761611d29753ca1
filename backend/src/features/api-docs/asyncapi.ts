import { ackSchema, SOCKET_BROADCASTS, SOCKET_COMMANDS } from '@cinema-dna/shared-types';
import { z } from 'zod';

/** JSON Schema (draft-07, AsyncAPI's default schema format) of a zod schema, as the receiver sees it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-07', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** "search:start" → "searchStart". */
const messageId = (event: string) => event.replace(/[:.-](\w)/g, (_m, c: string) => c.toUpperCase());

/**
 * The AsyncAPI 3.0 document of the Socket.IO contract, generated from the same zod schemas the
 * server parses payloads with (`SOCKET_COMMANDS`, `SOCKET_BROADCASTS` in shared-types). Operations
 * are from the server's side: it receives commands (each answered by an acknowledgement) and sends
 * events.
 */
export function buildAsyncApiDocument(options: { version: string; host: string }) {
  const messages: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const channelMessages: Record<string, unknown> = {};
  const channelRef = { $ref: '#/channels/socket' };
  const messageRef = (id: string) => ({ $ref: `#/channels/socket/messages/${id}` });

  for (const [event, contract] of Object.entries(SOCKET_COMMANDS)) {
    const id = messageId(event);
    messages[id] = { name: event, title: event, summary: contract.summary, payload: jsonSchema(contract.payload, 'input') };
    messages[`${id}Ack`] = {
      name: `${event} acknowledgement`,
      title: `${event} acknowledgement`,
      summary: `The acknowledgement of ${event}: { ok: true, data } or { ok: false, error } in the error shape.`,
      payload: jsonSchema(ackSchema(contract.ack), 'output'),
    };
    operations[id] = {
      action: 'receive',
      channel: channelRef,
      title: event,
      summary: contract.summary,
      messages: [messageRef(id)],
      reply: { channel: channelRef, messages: [messageRef(`${id}Ack`)] },
      'x-socketio-ack': true,
    };
  }
  for (const [event, contract] of Object.entries(SOCKET_BROADCASTS)) {
    const id = messageId(event);
    messages[id] = { name: event, title: event, summary: contract.summary, payload: jsonSchema(contract.payload, 'output') };
    operations[id] = { action: 'send', channel: channelRef, title: event, summary: contract.summary, messages: [messageRef(id)] };
  }
  for (const id of Object.keys(messages)) channelMessages[id] = { $ref: `#/components/messages/${id}` };

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Cinema DNA live events',
      version: options.version,
      description:
        'Socket.IO on the app’s own port (path `/socket.io`). Commands are `entity:verb` and answered by an acknowledgement `{ ok: true, data } | { ok: false, error }`; events the server sends are `entity:verbed`. A socket opened with the session cookie is signed in and joins `user:<id>`. Payloads are checked by the same schemas as the REST API; a bad one is acknowledged with `VALIDATION_FAILED` ("Payload is invalid").',
    },
    defaultContentType: 'application/json',
    servers: {
      app: { host: options.host, protocol: 'ws', pathname: '/socket.io', description: 'Socket.IO (Engine.IO v4, WebSocket with HTTP long-polling fallback).' },
    },
    channels: { socket: { address: '/', title: 'Default namespace', messages: channelMessages } },
    operations,
    components: { messages },
  };
}
