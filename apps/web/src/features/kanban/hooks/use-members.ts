import { useEffect, useState } from 'react';
import type { Member } from '@beacon/contract';
import { kanbanApi } from '../api/kanban-api.ts';

/** The members of the workspace, for the assignee picker and the comment authors. */
export function useMembers(): Member[] {
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    let live = true;
    kanbanApi.members().then(
      (list) => {
        if (live) setMembers(list);
      },
      () => {
        // Without the list, assignees show as initials of nobody; the board itself still works.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return members;
}

export function memberName(member: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

export function memberInitials(member: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  const initials = `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.trim();
  return (initials || member.email.charAt(0)).toUpperCase();
}
