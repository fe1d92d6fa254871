import './auth.css';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/plain/alert.tsx';
import { Button } from '../../../components/plain/button.tsx';

export interface DemoCredentialsProps {
  email: string;
  password: string;
  onUse: () => void;
}

/** The demo workspace's sign-in, shown when the server seeded one (README.md, "Demo account"). */
export function DemoCredentials({ email, password, onUse }: DemoCredentialsProps) {
  const { t } = useTranslation('auth');
  return (
    <Alert severity="info" role="note" noIcon className="bk-demo" title={t('demo.title')}>
      <dl className="bk-demo__list">
        <dt>{t('fields.email')}</dt>
        <dd>{email}</dd>
        <dt>{t('fields.password')}</dt>
        <dd>{password}</dd>
      </dl>
      <Button size="small" variant="outlined" onClick={onUse}>
        {t('demo.use')}
      </Button>
    </Alert>
  );
}
