import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderMenu } from './HeaderMenu';

function Header() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <HeaderMenu>
        <nav aria-label="Main">
          <Link to="/messages">Messages</Link>
        </nav>
      </HeaderMenu>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/messages" element={<h1>Messages page</h1>} />
      </Routes>
    </MemoryRouter>
  );
}

describe('HeaderMenu', () => {
  it("opens a dialog named 'Menu' with the header's links; Escape or a followed link closes it and focus returns", async () => {
    const user = userEvent.setup();
    render(<Header />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toContainElement(screen.getByRole('link', { name: 'Messages' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Messages' }));
    expect(screen.getByRole('heading', { name: 'Messages page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
