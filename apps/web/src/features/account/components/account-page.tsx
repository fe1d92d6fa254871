import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { areaErrorText } from '../../../utils/area-error.ts';
import { useAccountQuery } from '../api/account-api.ts';
import { EmailTab } from './email-tab.tsx';
import { GeneralTab } from './general-tab.tsx';
import { MailboxesTab } from './mailboxes-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { SecurityTab } from './security-tab.tsx';

export const ACCOUNT_TABS = ['general', 'security', 'notifications', 'email', 'mailboxes'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/**
 * `/dashboard/user/account`: the member's own account, one tab per concern (`?tab=`). `canEdit`
 * (the member's role may write) decides whether they may add mailboxes.
 */
export function AccountPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('account');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: AccountTab = ACCOUNT_TABS.find((name) => name === asked) ?? 'general';
  const { data: account, isLoading, error, refetch } = useAccountQuery();

  return (
    <Stack spacing={3}>
      <PageTitle title={t('title')} />
      <Typography component="h1" variant="h4">
        {t('title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: AccountTab) =>
          setSearch(next === 'general' ? {} : { tab: next }, { replace: true })
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('title')}
        sx={{
          // Tabs in the text colour (the brand green is too light for text on white).
          '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
          '& .MuiTabs-indicator': { bgcolor: 'text.primary' },
        }}
      >
        {ACCOUNT_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`tabs.${name}`)}
            id={`account-tab-${name}`}
            aria-controls={`account-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`}>
        {isLoading && (
          <Stack spacing={2} aria-busy>
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        )}
        {error && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('actions.retry')}
              </Button>
            }
          >
            {areaErrorText(t, 'account', error)}
          </Alert>
        )}
        {account && tab === 'general' && <GeneralTab account={account} />}
        {account && tab === 'security' && <SecurityTab account={account} />}
        {account && tab === 'notifications' && <NotificationsTab />}
        {account && tab === 'email' && <EmailTab account={account} />}
        {account && tab === 'mailboxes' && <MailboxesTab account={account} canEdit={canEdit} />}
      </Box>
    </Stack>
  );
}
