import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, NavLink, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SideMenu } from './SideMenu';

function Section() {
  return (
    <MemoryRouter initialEntries={['/account/profile']}>
      <Routes>
        <Route
          path="/account/*"
          element={
            <SideMenu label="Account">
              <ul>
                <li>
                  <NavLink to="/account/profile">Profile</NavLink>
                </li>
                <li>
                  <NavLink to="/account/provider">Provider</NavLink>
                </li>
              </ul>
            </SideMenu>
          }
        />
      </Routes>
    </MemoryRouter>
  );
}

describe('SideMenu', () => {
  it('names the section and the current page on its button, opens the links, and closes when one is followed', async () => {
    const user = userEvent.setup();
    render(<Section />);
    const button = screen.getByRole('button', { name: 'Account: Profile' });
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The links stay in the one nav landmark (phone.css hides them below 768 px while closed).
    expect(nav).toHaveAttribute('data-open', 'false');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toContainElement(
      screen.getByRole('link', { name: 'Provider' })
    );

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');

    await user.click(screen.getByRole('link', { name: 'Provider' }));
    expect(screen.getByRole('button', { name: 'Account: Provider' })).toHaveAttribute('aria-expanded', 'false');
    expect(nav).toHaveAttribute('data-open', 'false');
  });
});
