import { paths } from '../../../utils/paths.ts';

const recordPaths: Record<string, string> = {
  person: paths.dashboard.people,
  company: paths.dashboard.companies,
  deal: paths.dashboard.deals,
};

/** The page of a record a task or an activity is about, or undefined for a kind without one. */
export function recordPath(type: string, id: string): string | undefined {
  const base = recordPaths[type];
  return base ? `${base}/${id}` : undefined;
}

/** The tasks screen in queue mode: walks the member through their due tasks. */
export const queuePath = `${paths.dashboard.tasks}?queue=1`;
