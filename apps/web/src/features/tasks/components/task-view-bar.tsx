import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { taskPriorities, taskTypes, type FilterCondition, type SavedView } from '@beacon/contract';
import { conditionValue, withCondition, type TaskView } from '../hooks/use-task-view.ts';

/** The sorts the bar offers, with their words ('' is the tab's own: due time, or completion). */
const SORTS = [
  ['', 'tab'],
  ['dueAt', 'dueAt'],
  ['-dueAt', 'dueAtDesc'],
  ['-priority', 'priorityDesc'],
  ['title', 'title'],
  ['-createdAt', 'createdAtDesc'],
] as const;

/** What the route's saved views menu (crm's, composed by the route) is given. */
export type TaskViewsMenuProps = {
  query: {
    q: string;
    filters: FilterCondition[];
    sort: string | null;
    columns: string[];
    viewId: string | null;
  };
  onApply: (view: SavedView) => void;
  onViewChanged: (view: SavedView | null) => void;
};

export interface TaskViewBarProps {
  view: TaskView;
  onChange: (next: Partial<TaskView>) => void;
  onApply: (view: SavedView) => void;
  onClear: () => void;
  /** The saved views menu, from the route (features do not import each other). */
  viewsMenu?: (props: TaskViewsMenuProps) => ReactNode;
}

/**
 * The tasks screen's view: a search, the type and priority, the sort, and the saved views menu
 * (save, apply, share, like the people table's). Conditions a view holds that the bar has no
 * field for (saved through the API) still apply, counted beside "clear".
 */
export function TaskViewBar({ view, onChange, onApply, onClear, viewsMenu }: TaskViewBarProps) {
  const { t } = useTranslation('tasks');
  const [search, setSearch] = useState(view.q);
  // The address changes (a view applied, cleared): the field follows.
  useEffect(() => setSearch(view.q), [view.q]);
  // Typing reads the list again once the member pauses.
  useEffect(() => {
    if (search === view.q) return;
    const timer = setTimeout(() => onChange({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
  }, [search, view.q, onChange]);

  const others = view.filters.filter(
    (c) => !((c.field === 'type' || c.field === 'priority') && c.op === 'equals'),
  ).length;
  const active = view.q !== '' || view.filters.length > 0 || view.sort !== null || view.viewId;

  return (
    <Box
      role="search"
      aria-label={t('view.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        size="small"
        type="search"
        label={t('view.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ flex: '1 1 200px', minWidth: 160 }}
      />
      <TextField
        size="small"
        select
        label={t('fields.type')}
        value={conditionValue(view, 'type')}
        onChange={(e) => onChange({ filters: withCondition(view, 'type', e.target.value) })}
        sx={{ width: { xs: 'calc(50% - 4px)', sm: 150 } }}
      >
        <MenuItem value="">{t('view.any')}</MenuItem>
        {taskTypes.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`type.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={t('fields.priority')}
        value={conditionValue(view, 'priority')}
        onChange={(e) => onChange({ filters: withCondition(view, 'priority', e.target.value) })}
        sx={{ width: { xs: 'calc(50% - 4px)', sm: 140 } }}
      >
        <MenuItem value="">{t('view.any')}</MenuItem>
        {taskPriorities.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`priority.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={t('view.sort')}
        value={view.sort ?? ''}
        onChange={(e) => onChange({ sort: e.target.value || null })}
        sx={{ width: { xs: '100%', sm: 190 } }}
      >
        {SORTS.map(([value, words]) => (
          <MenuItem key={value} value={value}>
            {t(`view.sorts.${words}`)}
          </MenuItem>
        ))}
      </TextField>
      {viewsMenu?.({
        query: { ...view, columns: [] },
        onApply,
        onViewChanged: (saved) => onChange({ viewId: saved?.id ?? null }),
      })}
      {active && (
        <>
          {others > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('view.more', { count: others })}
            </Typography>
          )}
          <Button size="small" color="inherit" onClick={onClear}>
            {t('view.clear')}
          </Button>
        </>
      )}
    </Box>
  );
}
