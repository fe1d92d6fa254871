import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SubjectType } from '@beacon/contract';

/**
 * A section of a record page's activity area. The pages show only what exists today (Timeline
 * and Notes); a later area (e-mails, calls, meetings, sequences, deals, tasks) adds its own tab
 * through the page's `extraTabs`, composed in `app/routes/` (decision 013).
 */
export interface RecordTab {
  /** Also the `?tab=` of the address. */
  id: string;
  /** Already translated. */
  label: string;
  render: (subject: { type: SubjectType; id: string }) => ReactNode;
}

/** Tabs in the text colour (the brand green is too light for text on white). */
export const TABS_SX = {
  px: { xs: 2, sm: 3 },
  borderBottom: 1,
  borderColor: 'divider',
  '& .MuiTab-root': { color: 'text.secondary', minWidth: 0, px: 0, mr: 3 },
  '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
  '& .MuiTabs-indicator': { bgcolor: 'text.primary' },
} as const;

export function RecordTabs({
  tabs,
  subject,
}: {
  tabs: RecordTab[];
  subject: { type: SubjectType; id: string };
}) {
  const { t } = useTranslation('records');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current = tabs.find((tab) => tab.id === asked) ?? tabs[0];
  if (!current) return null;
  return (
    <Box>
      <Tabs
        value={current.id}
        onChange={(_, value: string) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (value === tabs[0]?.id) next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        aria-label={t('tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={TABS_SX}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            value={tab.id}
            label={tab.label}
            id={`${id}-tab-${tab.id}`}
            aria-controls={`${id}-panel-${tab.id}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${id}-panel-${current.id}`}
        aria-labelledby={`${id}-tab-${current.id}`}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {current.render(subject)}
      </Box>
    </Box>
  );
}
