import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/shell-icons.tsx';
import type { CrmEntity } from '../api/record-query.ts';
import { columnsOf, moveColumn, normalizeColumns, toggleColumn } from '../state/columns.ts';
import { ColumnsIcon } from '../utils/icons.tsx';

export interface ColumnsMenuProps {
  entity: CrmEntity;
  columns: string[];
  onChange: (columns: string[]) => void;
}

/**
 * Column choice and order: every column with a check box; the shown ones first, in their order,
 * each with buttons that move it one place towards the start or the end.
 */
export function ColumnsMenu({ entity, columns, onChange }: ColumnsMenuProps) {
  const { t } = useTranslation('crm');
  const rtl = useTheme().direction === 'rtl';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = normalizeColumns(entity, columns);
  const hidden = columnsOf(entity)
    .map((c) => c.id)
    .filter((id) => !shown.includes(id));
  const StartIcon = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const EndIcon = rtl ? ChevronLeftIcon : ChevronRightIcon;

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ColumnsIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
      >
        {t('columns.button')}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('columns.title') } }}
      >
        <Box sx={{ p: 1.5, width: 300, maxHeight: 480 }}>
          <Typography variant="subtitle2" sx={{ px: 1, pb: 1 }}>
            {t('columns.title')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {[...shown, ...hidden].map((id) => {
              const visible = shown.includes(id);
              const index = shown.indexOf(id);
              const label = t(`fields.${id}` as never);
              return (
                <Box
                  component="li"
                  key={id}
                  data-testid={`column-${id}`}
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 36 }}
                >
                  <Checkbox
                    size="small"
                    checked={visible}
                    disabled={id === 'name'}
                    onChange={() => onChange(toggleColumn(entity, shown, id))}
                    slotProps={{ input: { 'aria-label': t('columns.show', { column: label }) } }}
                  />
                  <Typography variant="body2" sx={{ flex: 1 }} noWrap>
                    {label}
                  </Typography>
                  {visible && id !== 'name' && (
                    <>
                      <IconButton
                        size="small"
                        disabled={index <= 1}
                        aria-label={t('columns.moveEarlier', { column: label })}
                        onClick={() => onChange(moveColumn(entity, shown, id, -1))}
                      >
                        <StartIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        disabled={index >= shown.length - 1}
                        aria-label={t('columns.moveLater', { column: label })}
                        onClick={() => onChange(moveColumn(entity, shown, id, 1))}
                      >
                        <EndIcon fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </Box>
              );
            })}
          </Box>
          <Button
            size="small"
            color="inherit"
            onClick={() => onChange(normalizeColumns(entity, null))}
            sx={{ mt: 1 }}
          >
            {t('columns.reset')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
