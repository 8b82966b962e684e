import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { Practitioner } from '../../fhir';
import { createTestClient, fhirJson, FHIR_URL, withClient } from '../test-utils';
import { ResourceAvatar } from './ResourceAvatar';
import { ResourceName } from './ResourceName';

const hibbert: Practitioner = {
  resourceType: 'Practitioner',
  id: 'dr1',
  name: [{ prefix: ['Dr.'], given: ['Julia'], family: 'Hibbert', suffix: ['MD'] }],
};

function setup(
  respond = (url: string) => (url === `${FHIR_URL}Practitioner/dr1` ? fhirJson(hibbert) : fhirJson({}, 404))
) {
  const { client, requests } = createTestClient((request) => respond(request.url));
  return { wrapper: withClient(client), requests };
}

describe('ResourceName', () => {
  it('reads a reference and shows the name', async () => {
    const { wrapper, requests } = setup();
    render(<ResourceName value={{ reference: 'Practitioner/dr1' }} />, { wrapper });
    expect(await screen.findByText('Dr. Julia Hibbert MD')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR_URL}Practitioner/dr1`]);
  });

  it('shows a resource it is given without asking the server, as a link when asked', () => {
    const { wrapper, requests } = setup();
    render(<ResourceName value={hibbert} link />, { wrapper });
    expect(screen.getByRole('link', { name: 'Dr. Julia Hibbert MD' })).toHaveAttribute('href', '/Practitioner/dr1');
    expect(requests).toEqual([]);
  });

  describe('when the reference does not resolve', () => {
    it("shows the reference's display, else the reference itself", async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { wrapper, requests } = setup(() => fhirJson({}, 404));
      render(
        <>
          <ResourceName value={{ reference: 'Practitioner/gone', display: 'Dr. Gone' }} />
          <ResourceName value="Practitioner/missing" />
        </>,
        { wrapper }
      );
      expect(screen.getByText('Dr. Gone')).toBeInTheDocument();
      expect(screen.getByText('Practitioner/missing')).toBeInTheDocument();
      await vi.waitFor(() => expect(requests).toHaveLength(2));
      expect(screen.getByText('Dr. Gone')).toBeInTheDocument();
      error.mockRestore();
    });
  });

  describe('when the reference could run script', () => {
    it('never links it', () => {
      const { wrapper } = setup();
      render(<ResourceName value={{ reference: 'javascript:alert(1)', display: 'Evil' }} link />, { wrapper });
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(screen.getByText('Evil')).toBeInTheDocument();
    });
  });
});

describe('ResourceAvatar', () => {
  it('shows the initials, named for screen readers, with the default radius xl', async () => {
    const { wrapper } = setup();
    render(<ResourceAvatar value="Practitioner/dr1" />, { wrapper });
    const avatar = await screen.findByRole('img', { name: 'Dr. Julia Hibbert MD' });
    expect(avatar).toHaveTextContent('JH');
    expect(avatar).toHaveAttribute('data-radius', 'xl');
    expect(avatar).toHaveAttribute('data-fallback');
  });

  it('shows the photo, falling back to the initials when it fails to load', () => {
    const { wrapper } = setup();
    const withPhoto = { ...hibbert, photo: [{ contentType: 'image/png', url: 'https://img.example/jh.png' }] };
    const { container } = render(<ResourceAvatar value={withPhoto} radius="sm" size={48} />, { wrapper });
    const avatar = screen.getByRole('img', { name: 'Dr. Julia Hibbert MD' });
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://img.example/jh.png');
    expect(avatar).toHaveAttribute('data-radius', 'sm');
    expect(avatar.style.getPropertyValue('--fpk-avatar-size')).toBe('48px');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(avatar).toHaveTextContent('JH');
  });

  it('is hidden from screen readers when alt is empty (the name is shown beside it)', () => {
    const { wrapper } = setup();
    const { container } = render(<ResourceAvatar value={hibbert} alt="" />, { wrapper });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  describe('when the photo URL could run script', () => {
    it('shows the initials instead', () => {
      const { wrapper } = setup();
      const { container } = render(
        <ResourceAvatar value={{ ...hibbert, photo: [{ url: 'javascript:alert(1)' }] }} src="javascript:alert(2)" />,
        { wrapper }
      );
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByRole('img')).toHaveTextContent('JH');
    });
  });

  describe('when there is nothing to name', () => {
    it("shows '?'", () => {
      const { wrapper } = setup();
      const { container } = render(<ResourceAvatar value={undefined} />, { wrapper });
      expect(container.firstElementChild).toHaveTextContent('?');
    });
  });
});
