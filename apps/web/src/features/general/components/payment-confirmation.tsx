import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentConfirmation } from '@beacon/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CheckIcon } from '../../../components/icons.tsx';
import { paths } from '../../../utils/paths.ts';
import { accentTile } from '../utils/accent.ts';
import { CARD_BRAND_NAMES, type CardBrand } from '../utils/card.ts';
import { formatDate, formatUsd } from '../utils/format.ts';

/** What the server recorded: its reference, the plan, the amount and the card's last digits. */
export function PaymentConfirmationCard({ confirmation }: { confirmation: PaymentConfirmation }) {
  const { t, i18n } = useTranslation('general');
  const lng = i18n.resolvedLanguage;
  const heading = useRef<HTMLHeadingElement>(null);

  // The form is gone: move the reader to what replaced it.
  useEffect(() => heading.current?.focus(), []);

  const brand =
    CARD_BRAND_NAMES[confirmation.cardBrand as CardBrand] ?? t('payment.confirmation.card');

  const rows = [
    { key: 'reference', value: confirmation.reference },
    { key: 'plan', value: t(`plans.${confirmation.plan}.name`) },
    {
      key: 'cycle',
      value:
        confirmation.cycle === 'yearly'
          ? t('payment.summary.yearly')
          : t('payment.summary.monthly'),
    },
    { key: 'seats', value: String(confirmation.seats) },
    { key: 'amount', value: formatUsd(confirmation.amount, lng) },
    {
      key: 'card',
      value: t('payment.confirmation.cardEnding', { brand, last4: confirmation.cardLast4 }),
    },
    {
      key: 'date',
      value: formatDate(confirmation.createdAt, lng, { dateStyle: 'long', timeStyle: 'short' }),
    },
  ];

  return (
    <Card
      component="section"
      aria-labelledby="payment-confirmation"
      sx={{ maxWidth: 640, mx: 'auto', p: { xs: 3, sm: 5 } }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', mb: 4 }}>
        <Box
          aria-hidden="true"
          sx={(theme) => ({
            ...accentTile(theme),
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            '& svg': { fontSize: 30 },
          })}
        >
          <CheckIcon />
        </Box>
        <Typography
          id="payment-confirmation"
          ref={heading}
          tabIndex={-1}
          component="h2"
          variant="h4"
          sx={{ outline: 'none' }}
        >
          {t('payment.confirmation.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {t('payment.confirmation.description')}
        </Typography>
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          rowGap: 1.5,
          columnGap: 3,
          p: 3,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
        }}
      >
        {rows.map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`payment.confirmation.rows.${row.key}`)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 600, textAlign: 'end' }}
              data-testid={`confirmation-${row.key}`}
            >
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'center', mt: 4 }}
      >
        <Button component={RouterLink} to={paths.home} variant="contained" size="large">
          {t('payment.confirmation.home')}
        </Button>
        <Button
          component={RouterLink}
          to={paths.contactUs}
          variant="outlined"
          color="inherit"
          size="large"
        >
          {t('payment.confirmation.contact')}
        </Button>
      </Stack>
    </Card>
  );
}
