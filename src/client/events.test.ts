import { TypedEventTarget } from './events';

describe('TypedEventTarget', () => {
  it('calls listeners of the type until removed', () => {
    const target = new TypedEventTarget<{ change: { type: 'change' }; offline: { type: 'offline' } }>();
    const change = vi.fn();
    const offline = vi.fn();
    target.addEventListener('change', change);
    target.addEventListener('offline', offline);
    target.dispatchEvent({ type: 'change' });
    expect(change).toHaveBeenCalledWith({ type: 'change' });
    expect(offline).not.toHaveBeenCalled();
    target.removeEventListener('change', change);
    target.dispatchEvent({ type: 'change' });
    expect(change).toHaveBeenCalledTimes(1);
  });
});
