// The English defaults of every family (src/locales/english.ts), as the journeys look texts up by them.
export { english as englishMessages } from '../src/locales/english';
