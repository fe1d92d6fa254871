import { useCanEdit } from '../../features/auth/index.ts';
import { ListsPage } from '../../features/crm/pages/lists-page.tsx';

/** Composes the signed-in role (auth) with the lists screen (crm). */
export function Component() {
  return <ListsPage canEdit={useCanEdit()} />;
}
