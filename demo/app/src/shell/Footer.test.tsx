import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../../package.json';
import { Footer } from './Footer';

describe('Footer', () => {
  it("links to the project's home page, not a placeholder", () => {
    render(<Footer />);
    const link = screen.getByRole('link', { name: 'fhir-portal-kit on GitHub' });
    expect(link).toHaveAttribute('href', packageJson.homepage.replace(/#.*$/, ''));
    expect(packageJson.repository.url).toContain(link.getAttribute('href')!.replace(/^https:\/\//, ''));
  });
});
