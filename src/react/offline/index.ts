// Offline use (FhirClient's offline option): the connection, the outbox and queued writes, then
// the styled parts over them.
export * from './useOnline';
export * from './useOutbox';
export * from './useQueuedWrite';
export * from './offlineMessages';
export * from './OfflineBanner';
export * from './PendingWriteStatus';
export * from './OutboxConflictDialog';
export { changedFields, readableValue, type ChangedField } from './conflictFields';
