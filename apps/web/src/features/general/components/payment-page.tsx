import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingCycle, PaymentConfirmation, PlanId } from '@beacon/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths, withQuery } from '../../../utils/paths.ts';
import { parseCycle, parsePlan } from '../utils/plans.ts';
import { PageHero } from './page-hero.tsx';
import { PaymentConfirmationCard } from './payment-confirmation.tsx';
import { PaymentForm } from './payment-form.tsx';

/**
 * `/payment?plan=team&cycle=yearly`: the plan's summary and the card and billing details. The
 * request is recorded and confirmed; no card is charged.
 */
export function PaymentPage() {
  const { t } = useTranslation('general');
  const [params, setParams] = useSearchParams();
  const plan: PlanId = parsePlan(params.get('plan')) ?? 'team';
  const cycle = parseCycle(params.get('cycle'));
  const [confirmation, setConfirmation] = useState<PaymentConfirmation | null>(null);

  // The cycle chosen in the summary stays in the address, so a reload keeps it.
  const setCycle = (next: BillingCycle) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('cycle', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageTitle title={t('payment.title')} />
      <PageHero
        eyebrow={t('payment.eyebrow')}
        title={t('payment.heading')}
        subtitle={t('payment.subtitle')}
      />
      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 10 } }}>
        {confirmation ? (
          <PaymentConfirmationCard confirmation={confirmation} />
        ) : plan === 'starter' ? (
          <FreePlanNotice />
        ) : (
          <PaymentForm
            key={plan}
            plan={plan}
            cycle={cycle}
            onCycleChange={setCycle}
            onConfirmed={setConfirmation}
          />
        )}
      </Container>
    </>
  );
}

/** Starter costs nothing: there is no card to give, only a workspace to create. */
function FreePlanNotice() {
  const { t } = useTranslation('general');
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography component="h2" variant="h4" sx={{ mb: 1.5 }}>
        {t('payment.free.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        {t('payment.free.description')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'center' }}
      >
        <Button component={RouterLink} to={paths.auth.register} variant="contained" size="large">
          {t('payment.free.register')}
        </Button>
        <Button
          component={RouterLink}
          to={withQuery(paths.pricing, {})}
          variant="outlined"
          color="inherit"
          size="large"
        >
          {t('payment.comparePlans')}
        </Button>
      </Stack>
    </Card>
  );
}

export { PaymentPage as Component };
