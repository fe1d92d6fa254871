import { useEffect, useState } from 'react';

/** A text field's value that follows `value` from outside and reports edits after `delay` ms. */
export function useDebouncedText(value: string, onCommit: (text: string) => void, delay = 300) {
  const [text, setText] = useState(value);
  const [base, setBase] = useState(value);
  if (value !== base) {
    // The address changed (a view applied, back button): the box follows it.
    setBase(value);
    setText(value);
  }
  useEffect(() => {
    if (text === base) return;
    const timer = setTimeout(() => onCommit(text), delay);
    return () => clearTimeout(timer);
  }, [text, base, onCommit, delay]);
  return [text, setText] as const;
}
