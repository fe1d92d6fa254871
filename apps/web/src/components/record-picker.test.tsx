import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { PICKER_DEBOUNCE_MS, RecordPicker, type FoundRecord } from './record-picker.tsx';

vi.setConfig({ testTimeout: 20_000 });

const acme: FoundRecord = { id: 'c1', label: 'Acme', secondary: 'acme.test' };
const globex: FoundRecord = { id: 'c2', label: 'Globex', secondary: 'globex.test' };

function Harness({
  search,
  onChange,
  initial = null,
}: {
  search: (q: string, signal?: AbortSignal) => Promise<FoundRecord[]>;
  onChange: (record: FoundRecord | null) => void;
  initial?: FoundRecord | null;
}) {
  const [value, setValue] = useState<FoundRecord | null>(initial);
  return (
    <RecordPicker
      label="Company"
      value={value}
      search={search}
      noOptionsText="Nothing found"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('RecordPicker', () => {
  it('searches once typing settles, only while open, and aborts the older search', async () => {
    vi.useFakeTimers();
    try {
      const signals: AbortSignal[] = [];
      const search = vi.fn((q: string, signal?: AbortSignal) => {
        if (signal) signals.push(signal);
        return Promise.resolve(q === 'glo' ? [globex] : [acme, globex]);
      });
      render(<Harness search={search} onChange={vi.fn()} />);
      // Closed: no search.
      await act(() => vi.advanceTimersByTimeAsync(PICKER_DEBOUNCE_MS * 2));
      expect(search).not.toHaveBeenCalled();
      const input = screen.getByRole('combobox', { name: 'Company' });
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: 'g' } });
      fireEvent.change(input, { target: { value: 'glo' } });
      await act(() => vi.advanceTimersByTimeAsync(PICKER_DEBOUNCE_MS + 10));
      // The keystrokes within the delay made one search, of the last text.
      expect(search.mock.calls.map((c) => c[0])).toEqual(['glo']);
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Globex · globex.test',
      ]);
      fireEvent.change(input, { target: { value: 'a' } });
      await act(() => vi.advanceTimersByTimeAsync(PICKER_DEBOUNCE_MS + 10));
      expect(signals[0]!.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands the chosen record over and keeps it offered', async () => {
    const onChange = vi.fn();
    const search = vi.fn(() => Promise.resolve([globex]));
    render(<Harness search={search} onChange={onChange} initial={acme} />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    expect((input as HTMLInputElement).value).toBe('Acme');
    fireEvent.mouseDown(input);
    // The search no longer finds Acme, but the chosen record is still offered.
    await vi.waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Acme · acme.test',
        'Globex · globex.test',
      ]),
    );
    fireEvent.click(screen.getAllByRole('option')[1]!);
    expect(onChange).toHaveBeenLastCalledWith(globex);
    expect((input as HTMLInputElement).value).toBe('Globex');
  });

  it('says when nothing matches, and survives a failed search', async () => {
    const search = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Harness search={search} onChange={vi.fn()} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Company' }));
    // The search runs once typing settles; the list says so after it failed, not only before it.
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Nothing found')).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(1);
  });
});
