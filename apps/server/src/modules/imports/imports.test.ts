import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  authed,
  getJson,
  postJson,
  register,
  startTestServer,
  type Json,
  type TestServer,
} from '../../../test/helpers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';
import { MAX_WAITING_UPLOADS } from './imports.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 100 } });
});
afterAll(async () => {
  await server.close();
});

async function upload(
  token: string,
  body: string | Uint8Array,
  options: { entity?: string; fileName?: string; type?: string } = {},
) {
  const query = new URLSearchParams({
    entity: options.entity ?? 'people',
    fileName: options.fileName ?? 'people.csv',
  });
  const response = await fetch(`${server.url}/api/imports?${query}`, {
    method: 'POST',
    headers: { ...authed(token), 'content-type': options.type ?? 'text/csv' },
    body,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function waitForEnd(token: string, id: string): Promise<Json> {
  const started = Date.now();
  for (;;) {
    const { body } = await getJson(`${server.url}/api/imports/${id}`, token);
    if (['completed', 'failed', 'cancelled'].includes(body.status as string)) return body;
    if (Date.now() - started > 30_000) throw new Error(`import stuck: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads, starts with the suggested mapping (or the one given), and waits for the end. */
async function runImport(
  token: string,
  csv: string,
  start: Json = {},
  options: { entity?: string } = {},
): Promise<Json> {
  const uploaded = await upload(token, csv, options);
  expect(uploaded.status).toBe(201);
  const started = await postJson(
    `${server.url}/api/imports/${uploaded.body.id as string}/start`,
    { mapping: uploaded.body.mapping, ...start },
    authed(token),
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.status).toBe('queued');
  return waitForEnd(token, uploaded.body.id as string);
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function workspaceOf(token: string): Promise<string> {
  const me = await getJson(`${server.url}/user/me`, token);
  return (me.body.workspace as { id: string }).id;
}

describe('upload', () => {
  it('reads a file with a byte-order mark and quoted commas, with a preview and a mapping', async () => {
    const admin = await register(server);
    const csv =
      '\uFEFF"Full Name",E-mail,"Email Address 2",Company,Title,Unrelated\r\n' +
      '"Lovelace, Ada",ada@example.test,,"Analytical Engines, Ltd.","Engineer, Senior",x\r\n' +
      'Grace Hopper,grace@example.test,,Navy,"Rear ""Amazing"" Admiral",y\r\n';
    const { status, body } = await upload(admin.token, csv);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'uploaded',
      entity: 'people',
      fileName: 'people.csv',
      totalRows: 2,
      columns: ['Full Name', 'E-mail', 'Email Address 2', 'Company', 'Title', 'Unrelated'],
      mapping: {
        'Full Name': 'fullName',
        'E-mail': 'email',
        'Email Address 2': null,
        Company: 'companyName',
        Title: 'jobTitle',
        Unrelated: null,
      },
    });
    expect((body.preview as string[][])[0]).toEqual([
      'Lovelace, Ada',
      'ada@example.test',
      '',
      'Analytical Engines, Ltd.',
      'Engineer, Senior',
      'x',
    ]);
    expect((body.preview as string[][])[1]![4]).toBe('Rear "Amazing" Admiral');
  });

  it('suggests company fields for a companies file', async () => {
    const admin = await register(server);
    const { body } = await upload(
      admin.token,
      'Company Name,Website,Employees,Annual Revenue,Industry\nAcme,acme.test,11-50,1M-10M,Tools\n',
      { entity: 'companies' },
    );
    expect(body.mapping).toEqual({
      'Company Name': 'name',
      Website: 'domain',
      Employees: 'size',
      'Annual Revenue': 'revenueRange',
      Industry: 'industry',
    });
  });

  it('refuses another type with 415, and an empty file with 400 and a clear detail', async () => {
    const admin = await register(server);
    const wrong = await upload(admin.token, '{"a":1}', { type: 'application/json' });
    expect(wrong.status).toBe(415);
    expect(wrong.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const empty = await upload(admin.token, '');
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('The file is empty');
    const blank = await upload(admin.token, '\uFEFF\r\n\r\n');
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toMatch(/no header line and no rows/);
    const headerOnly = await upload(admin.token, 'First name,Email\r\n');
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.detail).toMatch(/header line but no rows/);
  });
  it('refuses a file holding NUL characters (UTF-16 or binary) with 400, not 500', async () => {
    const admin = await register(server);
    const utf16 = Buffer.from('\uFEFFName,Email\r\nAda,ada@example.test\r\n', 'utf16le');
    const wide = await upload(admin.token, utf16);
    expect(wide.status).toBe(400);
    expect(wide.body.code).toBe('BAD_REQUEST');
    expect(wide.body.detail).toMatch(/UTF-16/);
    const binary = await upload(admin.token, 'Name,Email\nAd\u0000a,ada@example.test\n');
    expect(binary.status).toBe(400);
    expect(binary.body.code).toBe('BAD_REQUEST');
    expect(binary.body.detail).toMatch(/NUL/);
  });
});

describe('running an import', () => {
  it('writes the good rows and reports each refused row with its reason', async () => {
    const admin = await register(server);
    const workspaceId = await workspaceOf(admin.token);
    const csv = [
      'First name,Last name,Email,Stage,Seniority,LinkedIn,Owner,Company,Company domain,Tags',
      'Ada,Lovelace,ADA@Example.test,Interested,Director,linkedin.com/in/ada,,"Engines, Ltd.",engines.test,"vip; math"',
      'Bad,Mail,not-an-email,,,,,,,',
      'Bad,Stage,bad.stage@example.test,Hot lead,,,,,,',
      'Too,Few,fields',
      `Grace,Hopper,grace@example.test,not interested,c-level,,${admin.email},Navy,,`,
      'Nobody,Owner,nobody@example.test,,,,ghost@example.test,,,',
      ',,,,,,,,,',
      'Bad,Url,url@example.test,,,ftp://x,,,,',
      'Linus,Engines,linus@example.test,,,,,Other name,engines.test,',
    ].join('\n');
    const done = await runImport(admin.token, csv);
    expect(done).toMatchObject({
      status: 'completed',
      totalRows: 9,
      processedRows: 9,
      created: 3,
      refused: 6,
      updated: 0,
      skipped: 0,
    });
    expect(done.errors).toEqual([
      { row: 3, reason: 'E-mail: Not an e-mail address ("not-an-email")' },
      { row: 4, reason: expect.stringMatching(/^Stage: "Hot lead" is not one of cold, /) },
      { row: 5, reason: 'This row has 3 fields; the header has 10' },
      { row: 7, reason: 'Owner: no member of this workspace has the e-mail ghost@example.test' },
      { row: 8, reason: 'Give a name or an e-mail' },
      { row: 9, reason: 'LinkedIn: Use an http(s) address ("ftp://x")' },
    ]);
    const people = await rows<Json>(sql`
      select p.first_name, p.email, p.stage, p.seniority, p.linkedin_url, p.tags, p.company_name,
             p.source, p.owner_id, c.domain, c.people_count
      from people p left join companies c on c.id = p.company_id
      where p.workspace_id = ${workspaceId} order by first_name`);
    const me = await getJson(`${server.url}/user/me`, admin.token);
    expect(people).toEqual([
      {
        first_name: 'Ada',
        email: 'ada@example.test',
        stage: 'interested',
        seniority: 'director',
        linkedin_url: 'https://linkedin.com/in/ada',
        tags: ['vip', 'math'],
        company_name: 'Engines, Ltd.',
        source: 'import',
        owner_id: me.body.id,
        domain: 'engines.test',
        people_count: 2,
      },
      expect.objectContaining({
        first_name: 'Grace',
        stage: 'not_interested',
        seniority: 'c_level',
        company_name: 'Navy',
        domain: '',
        people_count: 1,
      }),
      // Same domain, another name: linked to the same company, which keeps its name.
      expect.objectContaining({ first_name: 'Linus', company_name: 'Engines, Ltd.' }),
    ]);
    const timeline = await rows<{ n: number }>(sql`
      select count(*)::int as n from activities
      where workspace_id = ${workspaceId} and kind = 'imported'`);
    expect(timeline[0]!.n).toBe(3);

    const report = await fetch(`${server.url}/api/imports/${done.id as string}/errors.csv`, {
      headers: authed(admin.token),
    });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(report.headers.get('content-disposition')).toMatch(/people-refused-rows\.csv/);
    const text = await report.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Row,Reason,First name,Last name,Email,Stage,Seniority,LinkedIn,Owner,Company,Company domain,Tags',
    );
    expect(lines[1]).toBe(
      '3,"E-mail: Not an e-mail address (""not-an-email"")",Bad,Mail,not-an-email,,,,,,,',
    );
    expect(lines[3]).toBe('5,This row has 3 fields; the header has 10,Too,Few,fields');
    expect(lines).toHaveLength(8);
  });

  it('tells the workspace the records changed, before it tells the import finished', async () => {
    const admin = await register(server);
    const watching = await connectRealtime(server.url, admin.token);
    const done = await runImport(admin.token, 'First name,Email\nLin,lin@example.com\n');
    expect(done.status).toBe('completed');
    const finished = await watching.next(
      (m) => m.type === 'import.progress' && (m.data as Json).status === 'completed',
    );
    const changed = watching.messages.filter((m) => m.type === 'crm.changed');
    expect(changed.map((m) => m.data)).toEqual([
      { entity: 'people', id: null, by: decodeJwt(admin.token).sub, origin: null },
    ]);
    expect(watching.messages.indexOf(changed[0]!)).toBeLessThan(
      watching.messages.indexOf(finished),
    );
    watching.close();
  });

  it('handles duplicates by e-mail: skip, update or create', async () => {
    const admin = await register(server);
    const workspaceId = await workspaceOf(admin.token);
    await runImport(admin.token, 'Email,First name,Job title\nsam@example.test,Sam,Engineer\n');
    const second =
      'Email,First name,Job title,Tags\nSAM@example.test,Samuel,,new\nkim@example.test,Kim,CTO,\n' +
      'kim@example.test,Kimberly,,\n';
    const skipped = await runImport(admin.token, second, { duplicateMode: 'skip' });
    expect(skipped).toMatchObject({ created: 1, skipped: 2, updated: 0 });
    const people = () =>
      rows<Json>(sql`select first_name, job_title, tags from people
        where workspace_id = ${workspaceId} order by email, created_at`);
    expect(await people()).toEqual([
      { first_name: 'Kim', job_title: 'CTO', tags: [] },
      { first_name: 'Sam', job_title: 'Engineer', tags: [] },
    ]);
    const updated = await runImport(admin.token, second, { duplicateMode: 'update' });
    expect(updated).toMatchObject({ created: 0, updated: 3, skipped: 0 });
    // Mapped fields with a value overwrite; empty cells keep what was there; tags add up.
    expect(await people()).toEqual([
      { first_name: 'Kimberly', job_title: 'CTO', tags: [] },
      { first_name: 'Samuel', job_title: 'Engineer', tags: ['new'] },
    ]);
    const created = await runImport(admin.token, second, { duplicateMode: 'create' });
    expect(created).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    expect(await people()).toHaveLength(5);
  });

  it('imports companies, matching duplicates by domain and else by name', async () => {
    const admin = await register(server);
    const workspaceId = await workspaceOf(admin.token);
    const first = await runImport(
      admin.token,
      'Name,Domain,Size,Industry\nAcme,https://www.acme.test/about,51 - 200,Tools\nNo Domain Co,,1-10,\n' +
        'Bad Size,bad.test,huge,\n',
      {},
      { entity: 'companies' },
    );
    expect(first).toMatchObject({ created: 2, refused: 1 });
    expect((first.errors as Json[])[0]!.reason).toMatch(/^Size: "huge" is not one of 1-10/);
    const again = await runImport(
      admin.token,
      'Name,Domain,Industry\nACME Corp,acme.test,Hardware\nno domain co,,Services\nNew,new.test,\n',
      { duplicateMode: 'update' },
      { entity: 'companies' },
    );
    expect(again).toMatchObject({ created: 1, updated: 2 });
    const companies = await rows<Json>(sql`select name, domain, size, industry from companies
      where workspace_id = ${workspaceId} order by domain, name`);
    expect(companies).toEqual([
      { name: 'no domain co', domain: '', size: '1-10', industry: 'Services' },
      { name: 'ACME Corp', domain: 'acme.test', size: '51-200', industry: 'Hardware' },
      { name: 'New', domain: 'new.test', size: null, industry: '' },
    ]);
    const create = await runImport(
      admin.token,
      'Name,Domain\nAcme again,acme.test\n',
      { duplicateMode: 'create' },
      { entity: 'companies' },
    );
    expect(create).toMatchObject({ created: 0, refused: 1 });
    expect((create.errors as Json[])[0]!.reason).toMatch(/already exists/);
  });

  it('adds created and updated records to the chosen list, and refuses a list of the other kind', async () => {
    const admin = await register(server);
    const workspaceId = await workspaceOf(admin.token);
    const me = await getJson(`${server.url}/user/me`, admin.token);
    const lists = await rows<{ id: string; kind: string }>(sql`
      insert into record_lists (workspace_id, name, kind, created_by)
      values (${workspaceId}, 'Imported leads', 'people', ${me.body.id as string}),
             (${workspaceId}, 'Accounts', 'companies', ${me.body.id as string})
      returning id, kind`);
    const peopleList = lists.find((l) => l.kind === 'people')!.id;
    const companyList = lists.find((l) => l.kind === 'companies')!.id;
    const done = await runImport(admin.token, 'Email\na@example.test\nb@example.test\n', {
      listId: peopleList,
    });
    expect(done).toMatchObject({ status: 'completed', created: 2, listId: peopleList });
    const members = await rows<{ n: number; entries: number }>(sql`
      select (select count(*)::int from list_people where list_id = ${peopleList}) as n,
             (select count(*)::int from activities where list_id = ${peopleList} and kind = 'list_added') as entries`);
    expect(members[0]).toEqual({ n: 2, entries: 2 });

    const uploaded = await upload(admin.token, 'Email\nc@example.test\n');
    const wrongKind = await postJson(
      `${server.url}/api/imports/${uploaded.body.id as string}/start`,
      { mapping: uploaded.body.mapping, listId: companyList },
      authed(admin.token),
    );
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.errors).toEqual({ listId: ['Choose a list of people'] });
    const other = await register(server);
    const otherList = await rows<{ id: string }>(sql`
      insert into record_lists (workspace_id, name, kind)
      values (${await workspaceOf(other.token)}, 'Theirs', 'people') returning id`);
    const foreign = await postJson(
      `${server.url}/api/imports/${uploaded.body.id as string}/start`,
      { mapping: uploaded.body.mapping, listId: otherList[0]!.id },
      authed(admin.token),
    );
    expect(foreign.status).toBe(404);
  });

  it('refuses a mapping to a missing column, an unknown field, or without a name', async () => {
    const admin = await register(server);
    const uploaded = await upload(admin.token, 'Email,Notes\na@example.test,x\n');
    const url = `${server.url}/api/imports/${uploaded.body.id as string}/start`;
    const bad = await postJson(
      url,
      { mapping: { Missing: 'email', Notes: 'favouriteColour' } },
      authed(admin.token),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      Missing: ['The file has no column "Missing"'],
      Notes: ['"favouriteColour" is not a field of people'],
      mapping: ['Map a column to a name (first, last or full) or to the e-mail'],
    });
    const ok = await postJson(url, { mapping: { Email: 'email' } }, authed(admin.token));
    expect(ok.status).toBe(200);
    const twice = await postJson(url, { mapping: { Email: 'email' } }, authed(admin.token));
    expect(twice.status).toBe(409);
    await waitForEnd(admin.token, uploaded.body.id as string);
  });

  it('cancels an import that has not run yet', async () => {
    const admin = await register(server);
    const uploaded = await upload(admin.token, 'Email\nz@example.test\n');
    const id = uploaded.body.id as string;
    const cancelled = await postJson(
      `${server.url}/api/imports/${id}/cancel`,
      {},
      authed(admin.token),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const start = await postJson(
      `${server.url}/api/imports/${id}/start`,
      { mapping: { Email: 'email' } },
      authed(admin.token),
    );
    expect(start.status).toBe(409);
    const list = await getJson(`${server.url}/api/imports`, admin.token);
    expect((list.body as unknown as Json[]).map((i) => i.id)).toContain(id);
  });
});

describe('access', () => {
  it('forgets uploads never started after a day, and caps the uploads waiting to start', async () => {
    const { token } = await register(server);
    const csv = 'Email\nwait@example.test\n';
    const first = await upload(token, csv);
    expect(first.status).toBe(201);
    // A day and a bit later, the first upload is gone when the next file arrives.
    await server.database.db.execute(
      sql`update imports set created_at = now() - interval '25 hours' where id = ${first.body.id as string}::uuid`,
    );
    for (let i = 0; i < MAX_WAITING_UPLOADS; i += 1) {
      expect((await upload(token, csv)).status).toBe(201);
    }
    expect(
      (await getJson(`${server.url}/api/imports/${first.body.id as string}`, token)).status,
    ).toBe(404);
    const refused = await upload(token, csv);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT' });
    expect(refused.body.detail).toContain('waiting to be started');
  });

  it('lets contributors import and refuses viewers', async () => {
    const admin = await register(server);
    const contributor = await addMember(server, admin.token, 'contributor');
    const viewer = await addMember(server, admin.token, 'viewer');
    expect((await upload(contributor.token, 'Email\nc@example.test\n')).status).toBe(201);
    const refused = await upload(viewer.token, 'Email\nv@example.test\n');
    expect(refused.status).toBe(403);
    expect((await getJson(`${server.url}/api/imports`, viewer.token)).status).toBe(403);
  });

  it("answers 404 for another workspace's import", async () => {
    const owner = await register(server);
    const intruder = await register(server);
    const uploaded = await upload(owner.token, 'Email\nsecret@example.test\n');
    const id = uploaded.body.id as string;
    expect((await getJson(`${server.url}/api/imports/${id}`, intruder.token)).status).toBe(404);
    const errorsCsv = await fetch(`${server.url}/api/imports/${id}/errors.csv`, {
      headers: authed(intruder.token),
    });
    expect(errorsCsv.status).toBe(404);
    const start = await postJson(
      `${server.url}/api/imports/${id}/start`,
      { mapping: { Email: 'email' } },
      authed(intruder.token),
    );
    expect(start.status).toBe(404);
    const list = await getJson(`${server.url}/api/imports`, intruder.token);
    expect(list.body).toEqual([]);
  });
});

describe('the refused rows file', () => {
  it('defuses formulas, including + and - ones, but leaves phone numbers as they are', async () => {
    const admin = await register(server);
    const csv = [
      'First name,Email,Phone',
      `"-2+3+cmd|' /C calc'!A0",bad-1,+33 1 23 45 67 89`,
      `"+HYPERLINK(""http://evil.test"",""x"")",bad-2,-1`,
      `=1+1,bad-3,@SUM(A1)`,
    ].join('\n');
    const done = await runImport(admin.token, csv);
    expect(done).toMatchObject({ status: 'completed', refused: 3 });
    const report = await fetch(`${server.url}/api/imports/${done.id as string}/errors.csv`, {
      headers: authed(admin.token),
    });
    const lines = (await report.text()).replace(/^\uFEFF/, '').split('\r\n');
    const cells = lines.slice(1, 4).map((line) => line.slice(line.indexOf('",') + 2));
    expect(cells).toEqual([
      `'-2+3+cmd|' /C calc'!A0,bad-1,+33 1 23 45 67 89`,
      `"'+HYPERLINK(""http://evil.test"",""x"")",bad-2,-1`,
      `'=1+1,bad-3,'@SUM(A1)`,
    ]);
  });
});
