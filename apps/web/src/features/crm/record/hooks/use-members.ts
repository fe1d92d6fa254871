import { useMemo } from 'react';
import { useWorkspaceMembers } from '../../../../hooks/use-workspace-members.ts';
import { memberName } from '../../../../utils/members.ts';
import { recordApi } from '../../api/record-api.ts';

const loadMembers = () => recordApi.members();

/** The members of the workspace (owners, note authors), and a name lookup by id. */
export function useMembers() {
  const members = useWorkspaceMembers(loadMembers);
  const nameOf = useMemo(() => {
    const names = new Map(members.map((member) => [member.id, memberName(member)]));
    return (id: string) => names.get(id) ?? null;
  }, [members]);
  return { members, nameOf };
}
