import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export interface DemoCredentialsProps {
  email: string;
  password: string;
  onUse: () => void;
}

/** The demo workspace's sign-in, shown when the server seeded one (decisions.md section 10). */
export function DemoCredentials({ email, password, onUse }: DemoCredentialsProps) {
  const { t } = useTranslation('auth');
  return (
    <Alert
      severity="info"
      role="note"
      icon={false}
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%', overflow: 'visible' } }}
    >
      <AlertTitle sx={{ fontWeight: 600 }}>{t('demo.title')}</AlertTitle>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 1.5,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          rowGap: 0.5,
          columnGap: 2,
        }}
      >
        <Box component="dt" sx={{ fontWeight: 600 }}>
          {t('fields.email')}
        </Box>
        <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {email}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          {t('fields.password')}
        </Box>
        <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {password}
        </Box>
      </Box>
      <Button color="inherit" size="small" variant="outlined" onClick={onUse}>
        {t('demo.use')}
      </Button>
    </Alert>
  );
}
