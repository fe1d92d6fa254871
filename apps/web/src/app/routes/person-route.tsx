import { useTranslation } from 'react-i18next';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { PersonPage } from '../../features/crm/pages/person-page.tsx';
import { RecordTasks } from '../../features/tasks/components/record-tasks.tsx';

/** Composes the signed-in user and role (auth) with a person's page (crm) and its tasks (tasks). */
export function Component() {
  const { user } = useAuth();
  const { t } = useTranslation('tasks');
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return (
    <PersonPage
      canEdit={canEdit}
      currentUserId={user.id ?? null}
      extraTabs={[
        {
          id: 'tasks',
          label: t('record.tab'),
          render: (subject) => (
            <RecordTasks
              subject="person"
              id={subject.id}
              canEdit={canEdit}
              currentUserId={user.id ?? null}
            />
          ),
        },
      ]}
    />
  );
}
