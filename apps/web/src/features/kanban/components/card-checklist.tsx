import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem } from '@beacon/contract';
import { newItemId } from '../utils/ids.ts';
import { PlusIcon, TrashIcon } from './kanban-icons.tsx';

const ITEM_TEXT_MAX = 300;
const ITEMS_MAX = 100;

export interface CardChecklistProps {
  items: ChecklistItem[];
  canEdit: boolean;
  /** Saves the whole checklist; answers whether the server took it. */
  onChange: (items: ChecklistItem[]) => Promise<boolean>;
}

/**
 * The card's checklist: tick, add and remove items; each change is saved at once. Edits apply to
 * a local copy at once, so a tick right after an add (or two quick adds) builds on the previous
 * edit rather than on the card as it was before the server answered; the card's own checklist
 * takes over again once no save is in flight, and a refused save is undone.
 */
export function CardChecklist({ items: saved, canEdit, onChange }: CardChecklistProps) {
  const { t } = useTranslation('kanban');
  const [text, setText] = useState('');
  const [items, setItems] = useState(saved);
  const inFlight = useRef(0);
  const latestSaved = useRef(saved);
  latestSaved.current = saved;

  useEffect(() => {
    if (inFlight.current === 0) setItems(saved);
  }, [saved]);

  const change = (next: ChecklistItem[]) => {
    setItems(next);
    inFlight.current += 1;
    void onChange(next).then((accepted) => {
      inFlight.current -= 1;
      // A refused save leaves the card as it was: show that again.
      if (!accepted && inFlight.current === 0) setItems(latestSaved.current);
    });
  };
  const done = items.filter((item) => item.done).length;
  const progress = items.length ? Math.round((done / items.length) * 100) : 0;

  const add = () => {
    const value = text.trim();
    if (!value || items.length >= ITEMS_MAX) return;
    change([...items, { id: newItemId(), text: value, done: false }]);
    setText('');
  };

  return (
    <Box>
      {items.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('checklist.progress', { done, total: items.length })}
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 36 }}>
            {done}/{items.length}
          </Typography>
        </Box>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              '&:hover .remove': { opacity: 1 },
            }}
          >
            <Checkbox
              checked={item.done}
              disabled={!canEdit}
              onChange={(event) =>
                change(
                  items.map((other) =>
                    other.id === item.id ? { ...other, done: event.target.checked } : other,
                  ),
                )
              }
              slotProps={{ input: { 'aria-label': item.text } }}
            />
            <Typography
              variant="body2"
              sx={{
                flex: 1,
                overflowWrap: 'anywhere',
                color: item.done ? 'text.secondary' : 'text.primary',
                textDecoration: item.done ? 'line-through' : 'none',
              }}
            >
              {item.text}
            </Typography>
            {canEdit && (
              <IconButton
                className="remove"
                size="small"
                aria-label={t('checklist.remove', { text: item.text })}
                onClick={() => change(items.filter((other) => other.id !== item.id))}
                sx={{ opacity: { xs: 1, md: 0.6 }, '&:focus-visible': { opacity: 1 } }}
              >
                <TrashIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {canEdit && items.length < ITEMS_MAX && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
          sx={{ display: 'flex', gap: 1, mt: 1 }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('checklist.new')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ITEM_TEXT_MAX } }}
          />
          <IconButton type="submit" aria-label={t('checklist.add')} disabled={!text.trim()}>
            <PlusIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
