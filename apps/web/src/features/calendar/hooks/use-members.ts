import { useEffect, useState } from 'react';
import type { Member } from '@beacon/contract';
import { calendarApi } from '../api/calendar-api.ts';

/** The members of the workspace, for the attendee picker. */
export function useMembers(): Member[] {
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    let live = true;
    calendarApi.members().then(
      (list) => {
        if (live) setMembers(list);
      },
      () => {
        // Without the list the picker stays empty; events still show and save.
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
