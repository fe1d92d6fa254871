import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterPaint, HIDDEN_TAB_WAIT_MS, afterNextPaint } from './after-paint.tsx';

describe('afterNextPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs after the next frame, in a task queued from it', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(0);
    expect(callback).not.toHaveBeenCalled();
    frames[0]!(0);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    // The hidden-tab fallback does not call it again.
    vi.advanceTimersByTime(HIDDEN_TAB_WAIT_MS);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes ahead in a tab that paints no frame', () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(HIDDEN_TAB_WAIT_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const frames: FrameRequestCallback[] = [];
    const cancelFrame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return 7;
    });
    vi.stubGlobal('cancelAnimationFrame', cancelFrame);
    const callback = vi.fn();
    const cancel = afterNextPaint(callback);
    cancel();
    expect(cancelFrame).toHaveBeenCalledWith(7);
    vi.advanceTimersByTime(HIDDEN_TAB_WAIT_MS);
    expect(callback).not.toHaveBeenCalled();
  });
});

describe('AfterPaint', () => {
  it('draws the fallback first, then its children once painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    render(
      <AfterPaint fallback={<p>skeleton</p>}>
        <p>content</p>
      </AfterPaint>,
    );
    expect(screen.getByText('skeleton')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
    await act(async () => {
      frames.forEach((frame) => frame(0));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.queryByText('skeleton')).toBeNull();
    vi.unstubAllGlobals();
  });
});
