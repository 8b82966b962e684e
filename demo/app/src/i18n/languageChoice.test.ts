import { describe, expect, it } from 'vitest';
import { browserLanguage, chooseLanguage, languageFromQuery, matchPortalLanguage } from './languageChoice';

describe('the portal language', () => {
  it('is the address’s ?lang= before every other source', () => {
    expect(chooseLanguage({ query: 'ar', chosen: 'es', patient: 'es', stored: 'es', browser: ['es'] })).toBe('ar');
  });

  it('is a choice made in this session before the patient’s preference', () => {
    expect(chooseLanguage({ chosen: 'en', patient: 'es', stored: 'ar' })).toBe('en');
  });

  it('is the patient’s preferred language before the one stored on this device', () => {
    expect(chooseLanguage({ patient: 'es', stored: 'ar', browser: ['ar'] })).toBe('es');
  });

  it('is the one stored on this device before the browser’s', () => {
    expect(chooseLanguage({ stored: 'ar', browser: ['es-MX'] })).toBe('ar');
  });

  it('is the first browser language the portal speaks, else English', () => {
    expect(chooseLanguage({ browser: ['fr-FR', 'ar-EG', 'es'] })).toBe('ar');
    expect(chooseLanguage({ browser: ['fr-FR', 'de'] })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });
});

describe('?lang= in the address', () => {
  it('names a portal language by its tag, in any region', () => {
    expect(languageFromQuery('?lang=es')).toBe('es');
    expect(languageFromQuery('?next=/&lang=ar-EG')).toBe('ar');
  });

  it('names the pseudo-locale only by exactly en-XA', () => {
    expect(languageFromQuery('?lang=en-XA')).toBe('en-XA');
    expect(languageFromQuery('?lang=en-xa')).toBe('en-XA');
    expect(languageFromQuery('?lang=en-GB')).toBe('en');
  });

  it('names nothing when absent or not spoken by the portal', () => {
    expect(languageFromQuery('')).toBeUndefined();
    expect(languageFromQuery('?lang=fr')).toBeUndefined();
  });
});

describe('a BCP 47 tag', () => {
  it('matches on its primary language subtag', () => {
    expect(matchPortalLanguage('ES_us')).toBe('es');
    expect(matchPortalLanguage('arz')).toBeUndefined();
    expect(matchPortalLanguage(undefined)).toBeUndefined();
    expect(browserLanguage(['pt-BR'])).toBeUndefined();
  });
});
