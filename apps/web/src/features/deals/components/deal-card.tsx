import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Draggable } from '@hello-pangea/dnd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../locales/languages.ts';
import type { Deal } from '@beacon/contract';
import { formatMoney } from '../../../utils/money.ts';

export interface DealCardProps {
  deal: Deal;
  index: number;
  canEdit: boolean;
  ownerName: string | null;
  onOpen: (dealId: string) => void;
}

/** A deal on the board: name, amount, company, owner, close date and the stale mark. */
export const DealCard = memo(function DealCard({
  deal,
  index,
  canEdit,
  ownerName,
  onOpen,
}: DealCardProps) {
  const { t, i18n } = useTranslation('deals');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Draggable draggableId={deal.id} index={index} isDragDisabled={!canEdit}>
      {(provided, snapshot) => (
        <Box
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...(provided.dragHandleProps ?? { role: 'button', tabIndex: 0 })}
          aria-label={deal.name}
          data-testid="deal-card"
          onClick={() => onOpen(deal.id)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !snapshot.isDragging) {
              event.preventDefault();
              onOpen(deal.id);
            }
          }}
          sx={{
            mb: 1.25,
            borderRadius: 1.5,
            outline: 'none',
            '&:focus-visible > *': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <Paper
            elevation={snapshot.isDragging ? 8 : 0}
            sx={{
              p: 1.75,
              borderRadius: 1.5,
              cursor: canEdit ? 'grab' : 'pointer',
              border: 1,
              borderColor: deal.stale ? 'warning.main' : 'divider',
              transition: (theme) => theme.transitions.create(['box-shadow', 'transform']),
              ...(snapshot.isDragging && { transform: 'rotate(2deg)' }),
              '&:hover': { boxShadow: (theme) => theme.shadows[4] },
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Typography
                component="p"
                variant="subtitle2"
                sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {deal.name}
              </Typography>
              {deal.stale && (
                <Chip
                  size="small"
                  label={t('card.stale')}
                  title={t('card.staleHint')}
                  sx={(theme) => ({
                    height: 20,
                    fontWeight: 700,
                    bgcolor: alpha(theme.palette.warning.main, 0.16),
                    color:
                      theme.palette.mode === 'light'
                        ? theme.palette.warning.darker
                        : theme.palette.warning.light,
                  })}
                />
              )}
            </Box>
            <Typography
              component="p"
              variant="body2"
              sx={{ fontWeight: 600, mt: 0.5 }}
              data-testid="deal-amount"
            >
              {formatMoney(deal.amount, deal.currency, language)}
            </Typography>
            {deal.companyName && (
              <Typography component="p" variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                {deal.companyName}
              </Typography>
            )}
            <Box
              sx={{
                mt: 1,
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 1.5,
                rowGap: 0.25,
                typography: 'caption',
                color: 'text.secondary',
              }}
            >
              {ownerName && <span>{ownerName}</span>}
              {deal.expectedCloseDate && (
                <span>
                  {t('card.closes', {
                    date: formatDate(deal.expectedCloseDate, language, {
                      dateStyle: 'medium',
                      timeZone: 'UTC',
                    }),
                  })}
                </span>
              )}
            </Box>
          </Paper>
        </Box>
      )}
    </Draggable>
  );
});
