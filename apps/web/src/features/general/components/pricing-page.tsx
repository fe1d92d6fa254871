import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLANS, type BillingCycle, type Plan } from '@beacon/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CheckIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths, withQuery } from '../../../utils/paths.ts';
import { accentColor } from '../utils/accent.ts';
import { formatUsd } from '../utils/format.ts';
import { bestYearlySaving, parseCycle } from '../utils/plans.ts';
import { BillingCycleSwitch } from './billing-cycle-switch.tsx';
import { PageHero } from './page-hero.tsx';

/** What every plan has, whatever it costs. */
const INCLUDED = ['selfHosted', 'languages', 'imports', 'calendarFeeds', 'api', 'updates'] as const;

/** `/pricing`: the three plans, monthly or yearly, each leading to sign-up or payment. */
export function PricingPage() {
  const { t } = useTranslation('general');
  const [params, setParams] = useSearchParams();
  const cycle = parseCycle(params.get('cycle'));

  const setCycle = (next: BillingCycle) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('cycle', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <>
      <PageTitle title={t('pricing.title')} />
      <PageHero
        eyebrow={t('pricing.eyebrow')}
        title={t('pricing.heading')}
        subtitle={t('pricing.subtitle')}
      >
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <BillingCycleSwitch value={cycle} onChange={setCycle} />
          <Typography
            variant="body2"
            sx={(theme) => ({ color: accentColor(theme), fontWeight: 600 })}
          >
            {t('pricing.cycle.saving', { percent: bestYearlySaving() })}
          </Typography>
        </Stack>
      </PageHero>

      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 10 } }}>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            alignItems: 'stretch',
          }}
        >
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} cycle={cycle} />
          ))}
        </Box>

        <Box
          component="section"
          aria-labelledby="included-heading"
          sx={{ mt: { xs: 8, md: 10 }, maxWidth: 880, mx: 'auto' }}
        >
          <Typography
            id="included-heading"
            component="h2"
            variant="h4"
            sx={{ textAlign: 'center', mb: 4 }}
          >
            {t('pricing.included.title')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
            }}
          >
            {INCLUDED.map((key) => (
              <Stack component="li" key={key} direction="row" spacing={1.5}>
                <CheckIcon
                  sx={(theme) => ({ color: accentColor(theme), mt: 0.25 })}
                  aria-hidden="true"
                />
                <Box>
                  <Typography variant="subtitle1" component="h3">
                    {t(`pricing.included.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`pricing.included.${key}.description`)}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Box>
          <Typography sx={{ textAlign: 'center', mt: 6, color: 'text.secondary' }}>
            {t('pricing.questions')}{' '}
            <Link component={RouterLink} to={paths.faqs}>
              {t('pricing.readFaqs')}
            </Link>{' '}
            {t('pricing.or')}{' '}
            <Link component={RouterLink} to={paths.contactUs}>
              {t('pricing.contactUs')}
            </Link>
          </Typography>
        </Box>
      </Container>
    </>
  );
}

function PlanCard({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const { t, i18n } = useTranslation('general');
  const lng = i18n.resolvedLanguage;
  const free = plan.price.monthly === 0;
  const price = plan.price[cycle];
  const headingId = `plan-${plan.id}`;

  const action = free
    ? { to: paths.auth.register, label: t('pricing.startFree') }
    : {
        to: withQuery(paths.payment, { plan: plan.id, cycle }),
        label: t('pricing.choose', { plan: t(`plans.${plan.id}.name`) }),
      };

  return (
    <Card
      component="li"
      aria-labelledby={headingId}
      sx={(theme) => ({
        p: { xs: 3, md: 4 },
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'visible',
        ...(plan.highlighted && {
          outline: `2px solid ${accentColor(theme)}`,
          outlineOffset: -2,
        }),
      })}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography id={headingId} component="h2" variant="h5">
          {t(`plans.${plan.id}.name`)}
        </Typography>
        {plan.highlighted && (
          <Chip
            label={t('pricing.popular')}
            size="small"
            sx={(theme) => ({
              fontWeight: 700,
              bgcolor: accentColor(theme),
              color: theme.palette.mode === 'dark' ? 'grey.900' : 'common.white',
            })}
          />
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', minHeight: { md: 44 } }}>
        {t(`plans.${plan.id}.description`)}
      </Typography>

      <Box sx={{ my: 3 }} data-testid={`price-${plan.id}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography component="p" variant="h2" sx={{ lineHeight: 1 }}>
            {free ? t('pricing.free') : formatUsd(price, lng)}
          </Typography>
          {!free && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('pricing.perSeatMonth')}
            </Typography>
          )}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {free
            ? t('pricing.upToSeats', { seats: plan.seats.included ?? 0 })
            : cycle === 'yearly'
              ? t('pricing.billedYearly', { amount: formatUsd(price * 12, lng) })
              : t('pricing.billedMonthly')}
        </Typography>
      </Box>

      <Button
        component={RouterLink}
        to={action.to}
        size="large"
        variant={plan.highlighted ? 'contained' : 'outlined'}
        color={plan.highlighted ? 'primary' : 'inherit'}
        fullWidth
        aria-describedby={headingId}
      >
        {action.label}
      </Button>

      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0, mt: 3 }}>
        {plan.features.map((feature) => (
          <Stack
            component="li"
            key={feature}
            direction="row"
            spacing={1.25}
            sx={{ alignItems: 'flex-start' }}
          >
            <CheckIcon
              aria-hidden="true"
              sx={(theme) => ({ color: accentColor(theme), fontSize: 20, mt: 0.25 })}
            />
            <Typography variant="body2">{t(`plans.features.${feature}`)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

export { PricingPage as Component };
