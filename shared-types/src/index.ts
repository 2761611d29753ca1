export * from './errors.js';
export * from './health.js';
export * from './entities.js';
export * from './contact.js';
export * from './socket.js';
export * from './connections.js';
export * from './catalog.js';
export * from './auth.js';
