import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { FhirProvider } from '../FhirProvider';
import { createTestClient, fhirJson } from '../test-utils';
import { DEFAULT_LOCALE, useLocale } from './LocaleContext';
import { restoreRuntimeLocale, setRuntimeLocale } from './testUtils';

const client = createTestClient(() => fhirJson({}, 404)).client;

function providing(locale?: string) {
  return function Provider({ children }: { children: ReactNode }) {
    return (
      <FhirProvider client={client} locale={locale}>
        {children}
      </FhirProvider>
    );
  };
}

// What a component would format in, on the page.
function ShowLocale({ locale, seen }: { locale?: string; seen?: string[] }) {
  const resolved = useLocale(locale);
  seen?.push(resolved);
  return <span>{resolved}</span>;
}

let hydrated: { root: Root; container: HTMLElement } | undefined;

beforeEach(() => setRuntimeLocale('fr-FR'));

afterEach(() => {
  if (hydrated) {
    const { root, container } = hydrated;
    act(() => root.unmount());
    container.remove();
    hydrated = undefined;
  }
  restoreRuntimeLocale();
});

describe('useLocale', () => {
  it("is the component's own locale prop, before the provider's and the browser's", () => {
    const { result } = renderHook(() => useLocale('de-DE'), { wrapper: providing('es-ES') });
    expect(result.current).toBe('de-DE');
  });

  it("is the provider's locale when the component has none", () => {
    const { result } = renderHook(() => useLocale(undefined), { wrapper: providing('es-ES') });
    expect(result.current).toBe('es-ES');
  });

  it("is the browser's locale without a prop or a provider's locale", () => {
    const { result } = renderHook(() => useLocale(), { wrapper: providing(undefined) });
    expect(result.current).toBe('fr-FR');
  });

  it("keeps a prop that is not a plain tag (Intl's locale list) as it is", () => {
    const locales = ['fr-CA', 'fr'];
    const { result } = renderHook(() => useLocale(locales));
    expect(result.current).toBe(locales);
  });

  it('is en-US on a server, whatever the runtime says', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(renderToString(<ShowLocale />)).toBe('<span>en-US</span>');
    expect(renderToString(<ShowLocale locale="de-DE" />)).toBe('<span>de-DE</span>');
    expect(
      renderToString(
        <FhirProvider client={client} locale="es-ES">
          <ShowLocale />
        </FhirProvider>
      )
    ).toBe('<span>es-ES</span>');
  });

  it("hydrates in the server's en-US, then re-renders in the browser's", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ShowLocale />);
    document.body.append(container);
    const seen: string[] = [];
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrated = { root: hydrateRoot(container, <ShowLocale seen={seen} />, { onRecoverableError }), container };
    });
    expect(seen[0]).toBe('en-US');
    expect(seen.at(-1)).toBe('fr-FR');
    expect(container).toHaveTextContent(/^fr-FR$/);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});
