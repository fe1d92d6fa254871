import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FilterCondition, Member, RecordList } from '@beacon/contract';
import { FilterIcon, SearchIcon } from '../../../components/icons.tsx';
import type { CrmEntity } from '../api/record-query.ts';
import type { FieldChoices } from './filter-fields.ts';
import { conditionLabel } from './condition-label.ts';
import { FilterEditor } from './filter-editor.tsx';
import { useDebouncedText } from './use-debounced.ts';

export interface FilterBarProps {
  entity: CrmEntity;
  q: string;
  filters: FilterCondition[];
  members: readonly Member[];
  lists: readonly RecordList[];
  onSearch: (q: string) => void;
  onFiltersChange: (filters: FilterCondition[]) => void;
  /** Labelled choices of fields the screen knows (a deal's stages). */
  choices?: FieldChoices;
  /** Extra controls at the end of the row (views, columns). */
  children?: React.ReactNode;
}

/** The search box, the filter chips and the button that adds a condition. */
export function FilterBar(props: FilterBarProps) {
  const { entity, filters, members, lists, onFiltersChange, choices } = props;
  const { t } = useTranslation('crm');
  const [text, setText] = useDebouncedText(props.q, props.onSearch);
  const [editing, setEditing] = useState<{ anchor: HTMLElement; index: number | null } | null>(
    null,
  );
  const context = useMemo(
    () => ({ members: new Map(members.map((m) => [m.id, m])), lists, choices }),
    [members, lists, choices],
  );
  const close = useCallback(() => setEditing(null), []);

  const apply = (condition: FilterCondition) => {
    if (editing?.index == null) onFiltersChange([...filters, condition]);
    else onFiltersChange(filters.map((c, i) => (i === editing.index ? condition : c)));
    setEditing(null);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t(`${entity}.searchPlaceholder`)}
          slotProps={{
            htmlInput: { 'aria-label': t('filters.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
        />
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<FilterIcon />}
          onClick={(e) => setEditing({ anchor: e.currentTarget, index: null })}
          disabled={filters.length >= 30}
        >
          {t('filters.add')}
        </Button>
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        {props.children}
      </Box>
      {filters.length > 0 && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          role="list"
          aria-label={t('filters.active')}
        >
          {filters.map((condition, index) => (
            <Box
              key={`${index}-${condition.field}-${condition.op}`}
              role="listitem"
              sx={{ display: 'inline-flex', maxWidth: 360 }}
            >
              <Chip
                size="small"
                label={conditionLabel(t, condition, context)}
                onClick={(e) => setEditing({ anchor: e.currentTarget, index })}
                onDelete={() => onFiltersChange(filters.filter((_, i) => i !== index))}
                sx={{ maxWidth: '100%' }}
              />
            </Box>
          ))}
          <Button size="small" color="inherit" onClick={() => onFiltersChange([])}>
            {t('filters.clear')}
          </Button>
        </Box>
      )}
      <Popover
        open={editing !== null}
        anchorEl={editing?.anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {editing && (
          <FilterEditor
            key={editing.index ?? 'new'}
            entity={entity}
            initial={editing.index == null ? null : (filters[editing.index] ?? null)}
            members={members}
            lists={lists}
            choices={choices}
            onApply={apply}
            onCancel={close}
          />
        )}
      </Popover>
    </Box>
  );
}
