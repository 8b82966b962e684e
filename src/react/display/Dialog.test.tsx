import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it("is described by its description and the caller's aria-describedby together", () => {
    render(
      <>
        <p id="outside-hint">Your doctor answers within two days.</p>
        <Dialog
          title="Request a Renewal"
          description="We will ask your doctor."
          defaultOpen
          aria-describedby="outside-hint"
        />
      </>
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'We will ask your doctor. Your doctor answers within two days.'
    );
  });

  it('opens from its trigger, is named by its title, and closes with Escape back to the trigger', async () => {
    const user = userEvent.setup();
    render(
      <Dialog title="Request a Renewal" description="We will ask your doctor." trigger={<button>Renew</button>}>
        <button>Submit</button>
      </Dialog>
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a Renewal' });
    expect(dialog).toHaveAccessibleDescription('We will ask your doctor.');
    expect(dialog).toHaveClass('fpk-dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew' })).toHaveFocus();
  });

  it('is controlled through open and onOpenChange, with a replaceable close label', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <p>{open ? 'open' : 'closed'}</p>
          <Dialog
            title="Add Measurement"
            open={open}
            onOpenChange={setOpen}
            messages={{ close: 'Fermer' }}
            className="mine"
          >
            body
          </Dialog>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('dialog', { name: 'Add Measurement' })).toHaveClass('mine');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
