import { useCanEdit } from '../../features/auth/index.ts';
import { ListPage } from '../../features/crm/pages/list-page.tsx';

/** Composes the signed-in role (auth) with one list's members (crm). */
export function Component() {
  return <ListPage canEdit={useCanEdit()} />;
}
