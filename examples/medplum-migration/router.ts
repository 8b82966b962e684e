// Stands in for the app's router (react-router's navigate in Medplum's examples).
export function navigate(path: string): void {
  globalThis.location?.assign(path);
}
