// src/client/subscriptions: websocket subscriptions.
export * from './emitter';
export * from './reconnecting-websocket';
export * from './subscription-manager';
export * from './client-subscriptions';
