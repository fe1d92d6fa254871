import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FilterCondition, Member, RecordList } from '@beacon/contract';
import { memberName } from '../../../utils/members.ts';
import type { CrmEntity } from '../api/record-query.ts';
import { valueLabel } from './condition-label.ts';
import {
  builderFields,
  dayEndToInstant,
  dayToInstant,
  enumOptions,
  fieldKinds,
  instantEndToDay,
  instantToDay,
  isCompleteCondition,
  newCondition,
  operatorsFor,
  valueShape,
  withOperator,
  type FieldChoices,
  type FilterOp,
} from './filter-fields.ts';

export interface FilterEditorProps {
  entity: CrmEntity;
  initial: FilterCondition | null;
  members: readonly Member[];
  lists: readonly RecordList[];
  choices?: FieldChoices;
  onApply: (condition: FilterCondition) => void;
  onCancel: () => void;
}

/** Splits `a, b ,c` into `['a','b','c']`. */
const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The editor of one condition: a field, an operator its kind takes, and a value editor. */
export function FilterEditor({
  entity,
  initial,
  members,
  lists,
  choices: fieldChoices = {},
  onApply,
  onCancel,
}: FilterEditorProps) {
  const { t } = useTranslation('crm');
  const fields = builderFields(entity, fieldChoices);
  const [condition, setCondition] = useState<FilterCondition>(
    initial ?? newCondition(entity, fields[0] ?? 'name'),
  );
  const [listText, setListText] = useState(
    Array.isArray(condition.value) ? condition.value.join(', ') : '',
  );
  const kind = fieldKinds(entity)[condition.field];
  const shape = valueShape(condition.op);
  const complete = isCompleteCondition(entity, condition);
  const context = { members: new Map(members.map((m) => [m.id, m])), lists, choices: fieldChoices };

  const choices: { value: string; label: string }[] | null =
    condition.field === 'ownerId'
      ? members.map((m) => ({ value: m.id, label: memberName(m) }))
      : kind === 'list'
        ? lists.map((l) => ({ value: l.id, label: l.name }))
        : (fieldChoices[condition.field] ??
          enumOptions(condition.field)?.map((value) => ({
            value,
            label: valueLabel(t, condition.field, value, context),
          })) ??
          null);

  const setValue = (value: FilterCondition['value']) => setCondition((c) => ({ ...c, value }));

  let editor: React.ReactNode = null;
  if (shape === 'range') {
    const range = (condition.value ?? {}) as { from?: string; to?: string };
    editor = (
      <Stack direction="row" spacing={1}>
        <TextField
          type="date"
          size="small"
          label={t('filters.from')}
          value={instantToDay(range.from)}
          onChange={(e) => setValue({ ...range, from: dayToInstant(e.target.value) })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
        <TextField
          type="date"
          size="small"
          label={t('filters.to')}
          value={instantEndToDay(range.to)}
          onChange={(e) => setValue({ ...range, to: dayEndToInstant(e.target.value) })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      </Stack>
    );
  } else if (shape !== 'none' && choices) {
    const multiple = shape === 'array';
    const selected = multiple
      ? Array.isArray(condition.value)
        ? condition.value
        : []
      : typeof condition.value === 'string'
        ? condition.value
        : '';
    editor = (
      <TextField
        select
        size="small"
        label={t('filters.value')}
        value={selected}
        onChange={(e) => {
          const next = e.target.value as unknown;
          setValue(
            multiple
              ? typeof next === 'string'
                ? next.split(',')
                : (next as string[])
              : String(next),
          );
        }}
        slotProps={{
          select: {
            multiple,
            renderValue: (value) =>
              (Array.isArray(value) ? value : [value])
                .map((v) => choices.find((c) => c.value === v)?.label ?? String(v))
                .join(', '),
          },
        }}
        fullWidth
      >
        {choices.length === 0 && (
          <MenuItem disabled value="">
            {t('filters.noChoices')}
          </MenuItem>
        )}
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value} dense>
            {multiple && (
              <Checkbox size="small" checked={(selected as string[]).includes(choice.value)} />
            )}
            <ListItemText primary={choice.label} />
          </MenuItem>
        ))}
      </TextField>
    );
  } else if (shape === 'array') {
    editor = (
      <TextField
        size="small"
        label={t('filters.values')}
        helperText={t('filters.valuesHelp')}
        value={listText}
        onChange={(e) => {
          setListText(e.target.value);
          setValue(splitList(e.target.value));
        }}
        fullWidth
      />
    );
  } else if (shape === 'string') {
    editor = (
      <TextField
        size="small"
        label={t('filters.value')}
        value={typeof condition.value === 'string' ? condition.value : ''}
        onChange={(e) => setValue(e.target.value)}
        fullWidth
        autoFocus
      />
    );
  }

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onApply(condition);
      }}
      sx={{ p: 2, width: 340, maxWidth: '100%' }}
    >
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={t('filters.field')}
          value={condition.field}
          onChange={(e) => {
            setListText('');
            setCondition(newCondition(entity, e.target.value));
          }}
          fullWidth
        >
          {fields.map((field) => (
            <MenuItem key={field} value={field} dense>
              {t(`fields.${field}` as never)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('filters.operator')}
          value={condition.op}
          onChange={(e) => setCondition((c) => withOperator(c, e.target.value as FilterOp))}
          fullWidth
        >
          {operatorsFor(entity, condition.field).map((op) => (
            <MenuItem key={op} value={op} dense>
              {t(`ops.${op}` as never)}
            </MenuItem>
          ))}
        </TextField>
        {editor}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} color="inherit">
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!complete}>
            {t('filters.apply')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
