import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Communication } from '../../fhir';
import { BaseChat } from './BaseChat';

const ME = 'Patient/1';
const DOCTOR = { reference: 'Practitioner/2', display: 'Dr. Julius Hibbert' };

function message(id: string, sent: string, text: string, extra: Partial<Communication> = {}): Communication {
  return {
    resourceType: 'Communication',
    id,
    status: 'completed',
    sent,
    sender: DOCTOR,
    payload: [{ contentString: text }],
    ...extra,
  };
}

const conversation: Communication[] = [
  message('1', '2026-03-01T09:00:00Z', 'Hello doctor', {
    sender: { reference: ME, display: 'Homer' },
    received: '2026-03-01T09:05:00Z',
  }),
  message('2', '2026-03-01T10:00:00Z', 'Hello Homer'),
  message('3', '2026-03-02T09:00:00Z', 'Any news?', { sender: { reference: ME }, received: '2026-03-02T09:30:00Z' }),
  message('4', '2026-03-02T11:00:00Z', 'Not yet', { sender: { reference: ME } }),
];

const list = () => screen.getByRole('log', { name: 'Messages' });

describe('BaseChat', () => {
  describe('when empty', () => {
    it('says there are no messages, with the title and the input', () => {
      render(<BaseChat title="Dr. Hibbert" communications={[]} profile={ME} locale="en-US" />);
      expect(screen.getByRole('heading', { level: 2, name: 'Dr. Hibbert' })).toBeInTheDocument();
      expect(within(list()).getByRole('status')).toHaveTextContent('No messages yet.');
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Type a message...');
      // portal.md section 9: the chat is 600 high unless told otherwise.
      expect(list().closest('.fpk-chat')).toHaveStyle({ '--fpk-chat-height': '600px' });
    });
  });

  describe('when loading', () => {
    it('says so and marks the list busy', () => {
      render(<BaseChat title="Chat" communications={[]} loading profile={ME} />);
      expect(within(list()).getByRole('status')).toHaveTextContent('Loading messages...');
      expect(list()).toHaveAttribute('aria-busy', 'true');
    });
  });

  describe('with messages over several days', () => {
    it('shows a date before each day and a time on each message, in the order given', () => {
      render(<BaseChat title="Chat" communications={conversation} profile={ME} locale="en-US" />);
      const dates = list().querySelectorAll('.fpk-chat-day time');
      expect([...dates].map((d) => d.getAttribute('dateTime'))).toEqual(['2026-03-01', '2026-03-02']);
      const bubbles = [...list().querySelectorAll('.fpk-chat-bubble')].map((b) => b.textContent);
      expect(bubbles).toEqual(['Hello doctor', 'Hello Homer', 'Any news?', 'Not yet']);
      expect(list().querySelectorAll('.fpk-chat-time')).toHaveLength(4);
    });

    it("puts the user's own messages on the right and names the other side", () => {
      render(<BaseChat title="Chat" communications={conversation} profile={ME} locale="en-US" />);
      const rows = [...list().querySelectorAll('.fpk-chat-message')];
      expect(rows.map((r) => r.hasAttribute('data-own'))).toEqual([true, false, true, true]);
      expect(within(rows[1] as HTMLElement).getByText('Dr. Julius Hibbert')).toBeInTheDocument();
      expect(within(rows[0] as HTMLElement).getByText('You')).toBeInTheDocument();
    });

    it('marks only the last received own message delivered, with its time', () => {
      render(<BaseChat title="Chat" communications={conversation} profile={ME} locale="en-US" />);
      const delivered = screen.getAllByText(/^Delivered/);
      expect(delivered).toHaveLength(1);
      expect(delivered[0].closest('.fpk-chat-message')).toHaveTextContent('Any news?');
      expect(delivered[0].querySelector('time')).toHaveAttribute('dateTime', '2026-03-02T09:30:00Z');
    });

    it("shows '[Unknown sender]' for a message without a sender", () => {
      render(
        <BaseChat
          title="Chat"
          communications={[message('9', '2026-03-01T09:00:00Z', 'Who am I', { sender: undefined })]}
          profile={ME}
        />
      );
      expect(screen.getByText('[Unknown sender]')).toBeInTheDocument();
    });
  });

  describe('when input is disabled', () => {
    it("shows 'Replies are disabled' and cannot send", () => {
      render(<BaseChat title="Chat" communications={conversation} profile={ME} inputDisabled />);
      const input = screen.getByRole('textbox', { name: 'Message' });
      expect(input).toBeDisabled();
      expect(input).toHaveAttribute('placeholder', 'Replies are disabled');
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    });
  });

  describe('when sending', () => {
    it('sends the trimmed text with Enter and empties the input', async () => {
      const onSend = vi.fn(async () => true);
      render(<BaseChat title="Chat" communications={[]} profile={ME} onSend={onSend} />);
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '  See you  {Enter}');
      expect(onSend).toHaveBeenCalledWith('See you');
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    });

    it('keeps the typed text when the send fails', async () => {
      const onSend = vi.fn(async () => false);
      render(<BaseChat title="Chat" communications={[]} profile={ME} onSend={onSend} />);
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Keep me');
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(onSend).toHaveBeenCalledWith('Keep me');
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Keep me');
    });
  });

  describe('with 5,000 messages', () => {
    it('puts only a window of them in the DOM', () => {
      const many = Array.from({ length: 5000 }, (_, i) =>
        message(`m${i}`, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), `Message ${i}`)
      );
      render(<BaseChat title="Chat" communications={many} profile={ME} height={600} />);
      const shown = list().querySelectorAll('.fpk-chat-message').length;
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(100);
    });
  });

  it('takes replacement texts, a class per part and other props on the root', () => {
    render(
      <BaseChat
        title="Chat"
        communications={[]}
        profile={ME}
        messages={{ placeholder: 'Écrivez...', empty: 'Rien' }}
        classNames={{ 'chat-list': 'my-list' }}
        data-testid="root"
        height={400}
      />
    );
    expect(screen.getByRole('textbox')).toHaveAttribute('placeholder', 'Écrivez...');
    expect(screen.getByText('Rien')).toBeInTheDocument();
    expect(list()).toHaveClass('my-list');
    expect(screen.getByTestId('root')).toHaveStyle({ '--fpk-chat-height': '400px' });
  });
});
