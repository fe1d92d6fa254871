/**
 * bench/files-manager: a folder of 100,000 files in the files manager. Prints the median and 95th
 * percentile of its first page (GET /api/files?folderId=, 50 items, as the folder opens) by name
 * and by date, and of a search across every folder, each beside the raw SQL of the same page
 * measured in turns in the same run, with the machine's load.
 *
 *   npm run bench:files-manager                    PostgreSQL and PGlite
 *   BENCH_DB=pglite npm run bench:files-manager    one of them
 *
 * Target (issue 11): the first page under 50 ms at the 95th percentile.
 */
import { sql } from 'drizzle-orm';
import { count, loadAverage, measureBeside, ms, numberEnv, onEachDatabase } from './lib.ts';

const FILES = numberEnv('BENCH_FILES', 100_000);
const TARGET_MS = 50;

await onEachDatabase('files_manager', 'postgres,pglite', async ({ database, base, member }) => {
  const { db } = database;
  const t0 = performance.now();
  const folder = (
    (await db.execute(sql`insert into file_items (workspace_id, is_folder, name, mime_type, kind,
        owner_id, created_by)
      values (${member.workspaceId}, true, 'Scans', 'inode/directory', 'folder', ${member.userId},
        ${member.userId}) returning id`)) as unknown as { rows: { id: string }[] }
  ).rows[0]!.id;
  // The files of the folder, in batches (their bytes play no part in a list: none are stored).
  const BATCH = 20_000;
  for (let start = 0; start < FILES; start += BATCH) {
    await db.execute(sql`insert into file_items (workspace_id, parent_id, path, is_folder, name,
        size, mime_type, kind, owner_id, created_by, created_at, updated_at)
      select ${member.workspaceId}, ${folder}, array[${folder}::uuid], false,
        'Scan ' || lpad(n::text, 6, '0') || case n % 3 when 0 then '.pdf' when 1 then '.png' else '.csv' end,
        (n * 7919) % 5000000,
        case n % 3 when 0 then 'application/pdf' when 1 then 'image/png' else 'text/csv' end,
        (case n % 3 when 0 then 'pdf' when 1 then 'image' else 'spreadsheet' end)::file_kind,
        ${member.userId}, ${member.userId}, now() - make_interval(secs => n), now() - make_interval(secs => n)
      from generate_series(${start + 1}::int, ${Math.min(start + BATCH, FILES)}::int) n`);
  }
  await db.execute(sql`analyze file_items`);
  process.stdout.write(
    `${count(FILES)} files in one folder, made in ${((performance.now() - t0) / 1000) | 0} s; load ${loadAverage()}\n`,
  );

  const visible = sql`(i.visibility = 'workspace' or i.owner_id = ${member.userId})`;
  const cases = [
    {
      label: 'first page by name',
      url: `${base}/api/files?folderId=${folder}&limit=50`,
      raw: sql`select i.id, i.name, i.size from file_items i
        where i.workspace_id = ${member.workspaceId} and i.parent_id = ${folder} and not i.is_folder
          and i.trashed_at is null and ${visible}
        order by lower(i.name) collate "C", i.id limit 51`,
    },
    {
      label: 'first page by date, newest',
      url: `${base}/api/files?folderId=${folder}&limit=50&sort=date&order=desc`,
      raw: sql`select i.id, i.name, i.size from file_items i
        where i.workspace_id = ${member.workspaceId} and i.parent_id = ${folder} and not i.is_folder
          and i.trashed_at is null and ${visible}
        order by i.updated_at desc, i.id desc limit 51`,
    },
    {
      label: 'search "0042" in every folder',
      url: `${base}/api/files?q=0042&limit=50`,
      raw: sql`select i.id, i.name, i.size from file_items i
        where i.workspace_id = ${member.workspaceId} and not i.is_folder and i.trashed_at is null
          and strpos(lower(i.name), '0042') > 0 and ${visible}
        order by lower(i.name) collate "C", i.id limit 51`,
    },
  ];
  for (const c of cases) {
    const result = await measureBeside(c.url, member.auth, () => db.execute(c.raw));
    const line = result.http
      ? `HTTP median ${ms(result.http.median)}, p95 ${ms(result.http.p95)} (${result.http.p95 <= TARGET_MS ? 'within' : 'over'} the ${TARGET_MS} ms target)`
      : `HTTP: ${result.note}`;
    process.stdout.write(
      `${c.label.padEnd(30)} ${line}; raw SQL median ${ms(result.raw.median)}, p95 ${ms(result.raw.p95)}; load ${loadAverage()}\n`,
    );
  }
});
