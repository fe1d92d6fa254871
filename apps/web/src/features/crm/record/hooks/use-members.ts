import { useEffect, useMemo, useState } from 'react';
import type { Member } from '@beacon/contract';
import { recordApi } from '../../api/record-api.ts';

export function memberName(member: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/** The members of the workspace (owners, note authors), and a name lookup by id. */
export function useMembers() {
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    let live = true;
    recordApi.members().then(
      (list) => {
        if (live) setMembers(list);
      },
      () => {
        // Without the list, owners and authors show as "someone"; the page itself still works.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const nameOf = useMemo(() => {
    const names = new Map(members.map((member) => [member.id, memberName(member)]));
    return (id: string) => names.get(id) ?? null;
  }, [members]);
  return { members, nameOf };
}
