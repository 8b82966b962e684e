export * from './useLaunchContext';
export * from './useProfile';
export * from './useResource';
export * from './useSearch';
export * from './useSubscription';
export * from './usePrefetch';
export * from './useSuspenseResource';
export * from './useSuspenseSearch';
