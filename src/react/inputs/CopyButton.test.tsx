import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_FEEDBACK_MS, CopyButton } from './CopyButton';

describe('CopyButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('copies the value and says so for 2,000 ms', async () => {
    const writeText = vi.fn(async () => {});
    render(<CopyButton value="Patient/123" writeText={writeText} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('Patient/123');
    expect(screen.getByRole('button', { name: 'Copied' })).toHaveAttribute('data-state', 'copied');
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveAttribute('data-state', 'idle');
    expect(COPY_FEEDBACK_MS).toBe(2000);
  });

  describe('when the clipboard refuses', () => {
    it('says the copy failed', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
      render(<CopyButton value="x" writeText={writeText} messages={{ failed: 'Échec' }} />);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
      expect(screen.getByRole('button', { name: 'Échec' })).toHaveAttribute('data-state', 'failed');
      expect(error).toHaveBeenCalled();
      error.mockRestore();
    });
  });
});
