export * from './statusColor';
export * from './StatusBadge';
