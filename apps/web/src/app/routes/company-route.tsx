import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { CompanyPage } from '../../features/crm/pages/company-page.tsx';
import type { RecordTab } from '../../features/crm/record/components/record-tabs.tsx';
import { RelatedDeals } from '../../features/deals/components/related-deals.tsx';

/** Composes the signed-in user and role (auth) with a company's page (crm) and its deals (deals). */
export function Component() {
  const { user } = useAuth();
  const { t } = useTranslation('deals');
  const canEdit = user ? roleCanEdit(user.role) : false;
  const extraTabs = useMemo<RecordTab[]>(
    () => [
      {
        id: 'deals',
        label: t('related.title'),
        render: (subject) => (
          <RelatedDeals subject={{ type: 'company', id: subject.id }} canEdit={canEdit} />
        ),
      },
    ],
    [t, canEdit],
  );
  if (!user) return null;
  return <CompanyPage canEdit={canEdit} currentUserId={user.id ?? null} extraTabs={extraTabs} />;
}
