import { useEffect, useState } from 'react';
import type { Member } from '@beacon/contract';

/**
 * The members of the workspace, read once with `load` (the area's own call). Empty until they
 * arrive, and empty for good when the call fails: pickers then offer nobody, the page still works.
 */
export function useWorkspaceMembers(load: () => Promise<Member[]>): Member[] {
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    let live = true;
    load().then(
      (list) => {
        if (live) setMembers(list);
      },
      () => {
        // Nothing to show instead; see above.
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return members;
}
