import { describe, expect, it, vi } from 'vitest';
import { mergeHandlers } from './mergeHandlers';

const event = () => {
  const e = { defaultPrevented: false, preventDefault: () => (e.defaultPrevented = true) };
  return e;
};

describe('mergeHandlers', () => {
  it('calls the caller’s handler, then ours, with the same event', () => {
    const calls: string[] = [];
    const e = event();
    mergeHandlers<typeof e>(
      (x) => calls.push(`theirs ${x === e}`),
      (x) => calls.push(`ours ${x === e}`)
    )(e);
    expect(calls).toEqual(['theirs true', 'ours true']);
  });

  it('skips ours when the caller prevented the default', () => {
    const ours = vi.fn();
    mergeHandlers((e: ReturnType<typeof event>) => e.preventDefault(), ours)(event());
    expect(ours).not.toHaveBeenCalled();
  });

  it('works with either side missing', () => {
    const ours = vi.fn();
    mergeHandlers(undefined, ours)(event());
    expect(ours).toHaveBeenCalledTimes(1);
    expect(() => mergeHandlers(undefined, undefined)(event())).not.toThrow();
  });
});
