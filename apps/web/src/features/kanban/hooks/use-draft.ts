import { useState } from 'react';

/**
 * A text being edited over a value that may change under it (another member saved it). While the
 * field is not being edited, the draft follows the value; while it is, the draft is left alone.
 */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(value);
  const [editing, setEditing] = useState(false);
  if (value !== base && !editing) {
    // Adjusting state while rendering: React re-renders at once with the new draft.
    setBase(value);
    setDraft(value);
  }
  return {
    draft,
    setDraft,
    editing,
    start: () => setEditing(true),
    stop: () => setEditing(false),
    reset: () => {
      setDraft(value);
      setEditing(false);
    },
  };
}
