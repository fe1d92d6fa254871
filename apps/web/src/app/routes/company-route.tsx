import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { CompanyPage } from '../../features/crm/pages/company-page.tsx';
import type { RecordTab } from '../../features/crm/record/components/record-tabs.tsx';
import { RelatedDeals } from '../../features/deals/components/related-deals.tsx';
import { RecordTasks } from '../../features/tasks/components/record-tasks.tsx';

/**
 * Composes the signed-in user and role (auth) with a company's page (crm), its deals (deals) and
 * its tasks (tasks).
 */
export function Component() {
  const { user } = useAuth();
  const { t } = useTranslation(['deals', 'tasks']);
  const canEdit = user ? roleCanEdit(user.role) : false;
  const userId = user?.id ?? null;
  const extraTabs = useMemo<RecordTab[]>(
    () => [
      {
        id: 'deals',
        label: t('deals:related.title'),
        render: (subject) => (
          <RelatedDeals subject={{ type: 'company', id: subject.id }} canEdit={canEdit} />
        ),
      },
      {
        id: 'tasks',
        label: t('tasks:record.tab'),
        render: (subject) => (
          <RecordTasks subject="company" id={subject.id} canEdit={canEdit} currentUserId={userId} />
        ),
      },
    ],
    [t, canEdit, userId],
  );
  if (!user) return null;
  return <CompanyPage canEdit={canEdit} currentUserId={userId} extraTabs={extraTabs} />;
}
