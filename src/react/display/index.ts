export * from './StatusBadge';
export * from './Dialog';
export * from './useDiagnosticReportResults';
export * from './DiagnosticReportDisplay';
export * from './ObservationChart';
export * from './ResourceViewer';
export * from './ResourceName';
export * from './ResourceAvatar';
