// src/react/chat: chat panels over Communication resources.
export * from './BaseChat';
export * from './chatMessages';
export * from './chatRows';
export * from './ResourceChat';
export * from './ThreadChat';
export * from './useChat';
