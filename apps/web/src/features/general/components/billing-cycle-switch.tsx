import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { BillingCycle } from '@beacon/contract';
import { useTranslation } from 'react-i18next';

export interface BillingCycleSwitchProps {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  size?: 'small' | 'medium';
}

/** Monthly or yearly billing: two pressed-or-not buttons, one always chosen. */
export function BillingCycleSwitch({ value, onChange, size = 'medium' }: BillingCycleSwitchProps) {
  const { t } = useTranslation('general');
  return (
    <ToggleButtonGroup
      exclusive
      size={size}
      value={value}
      onChange={(_event, next: BillingCycle | null) => {
        if (next) onChange(next);
      }}
      aria-label={t('pricing.cycle.label')}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiToggleButton-root': { px: size === 'small' ? 2 : 3, fontWeight: 600 },
        '& .MuiToggleButton-root.Mui-selected': {
          bgcolor: 'text.primary',
          color: 'background.paper',
          '&:hover': { bgcolor: 'text.primary' },
        },
      }}
    >
      <ToggleButton value="monthly">{t('pricing.cycle.monthly')}</ToggleButton>
      <ToggleButton value="yearly">{t('pricing.cycle.yearly')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
