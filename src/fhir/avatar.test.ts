import { getAvatarPhotoUrl, getInitials } from './avatar';
import { getDisplayString, getPreferredHumanName } from './display';
import type { Patient, Practitioner } from './types';

describe('getInitials', () => {
  it('takes the first given and the family name', () => {
    expect(getInitials({ prefix: ['Dr.'], given: ['Julia', 'Ann'], family: 'Hibbert', suffix: ['MD'] })).toBe('JH');
  });
  it('skips titles and credentials of a plain name', () => {
    expect(getInitials('Dr. Julia Hibbert MD')).toBe('JH');
    expect(getInitials('Julia Hibbert, PhD')).toBe('JH');
    expect(getInitials('Lakeside Clinic')).toBe('LC');
    expect(getInitials({ text: 'Dr. Lee' })).toBe('L');
  });
  it("says '?' when there is no name", () => {
    expect(getInitials(undefined)).toBe('?');
    expect(getInitials('   ')).toBe('?');
  });
});

describe('getPreferredHumanName', () => {
  it('prefers the official name, else the first', () => {
    const patient: Patient = {
      resourceType: 'Patient',
      name: [
        { use: 'nickname', given: ['Homie'] },
        { use: 'official', given: ['Homer'], family: 'Simpson' },
      ],
    };
    expect(getPreferredHumanName(patient)?.given).toEqual(['Homer']);
    expect(getDisplayString(patient)).toBe('Homer Simpson');
    expect(getPreferredHumanName({ resourceType: 'Patient', name: [{ given: ['Bart'] }] })?.given).toEqual(['Bart']);
    expect(getPreferredHumanName({ resourceType: 'Organization', name: 'Acme' } as never)).toBeUndefined();
  });
});

describe('getAvatarPhotoUrl', () => {
  const withPhoto = (photo: Practitioner['photo']): Practitioner => ({ resourceType: 'Practitioner', photo });

  it('uses a safe photo URL, or inline image data', () => {
    expect(getAvatarPhotoUrl(withPhoto([{ contentType: 'image/png', url: 'https://x.example/p.png' }]))).toBe(
      'https://x.example/p.png'
    );
    expect(getAvatarPhotoUrl(withPhoto([{ contentType: 'image/png', data: 'iVBORw0KGgo=' }]))).toBe(
      'data:image/png;base64,iVBORw0KGgo='
    );
  });

  describe('when the photo could run script or is not an image', () => {
    it('shows none', () => {
      expect(getAvatarPhotoUrl(withPhoto([{ url: 'javascript:alert(1)' }]))).toBeUndefined();
      expect(getAvatarPhotoUrl(withPhoto([{ contentType: 'text/html', url: 'https://x.example/p' }]))).toBeUndefined();
      expect(getAvatarPhotoUrl(withPhoto([{ contentType: 'image/svg+xml', data: 'PHN2Zz4=' }]))).toBeUndefined();
      expect(getAvatarPhotoUrl(withPhoto(undefined))).toBeUndefined();
      expect(getAvatarPhotoUrl(undefined)).toBeUndefined();
    });
  });
});
