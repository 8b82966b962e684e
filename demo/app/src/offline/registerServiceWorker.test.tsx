import { registerServiceWorker } from './registerServiceWorker';

describe('registerServiceWorker', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  function fakeServiceWorker() {
    const registered: Array<[string, RegistrationOptions | undefined]> = [];
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        register: (url: string, options?: RegistrationOptions) => {
          registered.push([url, options]);
          return Promise.resolve({});
        },
      },
    });
    return registered;
  }

  it('registers /sw.js for the whole portal in a production build', () => {
    const registered = fakeServiceWorker();
    expect(registerServiceWorker({ prod: true })).toBe(true);
    expect(registered).toEqual([['/sw.js', { scope: '/' }]]);
  });

  it('registers nothing outside a production build (vite dev, tests)', () => {
    const registered = fakeServiceWorker();
    expect(registerServiceWorker({ prod: false })).toBe(false);
    expect(registerServiceWorker()).toBe(false);
    expect(registered).toEqual([]);
  });

  it('does nothing in a browser without service workers', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(registerServiceWorker({ prod: true })).toBe(false);
  });
});
