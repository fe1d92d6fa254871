import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { RecordsScreen } from '../../features/crm/table/records-screen.tsx';
import { DealsPage } from '../../features/deals/components/deals-page.tsx';
import { usePipelines } from '../../features/deals/hooks/use-pipelines.ts';
import { dealFieldChoices } from '../../features/deals/utils/field-choices.ts';

/**
 * `/dashboard/deals`: composes the signed-in user and role (auth) with the deals board (deals)
 * and the deals table, the records screen of people and companies (crm), given the names of
 * the stages and pipelines it cannot know.
 */
export function Component() {
  const { user } = useAuth();
  const { t } = useTranslation('deals');
  const { pipelines } = usePipelines();
  const choices = useMemo(() => dealFieldChoices(t, pipelines ?? []), [t, pipelines]);
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return (
    <DealsPage
      canEdit={canEdit}
      table={
        <RecordsScreen
          entity="deals"
          canEdit={canEdit}
          userId={user.id ?? null}
          fieldChoices={choices}
          creatable={false}
        />
      }
    />
  );
}
