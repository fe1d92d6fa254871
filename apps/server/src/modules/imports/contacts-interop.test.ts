import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
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
import { crmWorkspace, query } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 50 } });
});
afterAll(async () => {
  await server.close();
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/csv/${name}`, import.meta.url));

async function upload(token: string, body: string | Uint8Array, entity = 'people') {
  const response = await fetch(
    `${server.url}/api/imports?${new URLSearchParams({ entity, fileName: 'contacts.csv' })}`,
    { method: 'POST', headers: { ...authed(token), 'content-type': 'text/csv' }, body },
  );
  const json = (await response.json()) as Json;
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json as { id: string; mapping: Record<string, string | null>; columns: string[] } & Json;
}

async function start(token: string, id: string, mapping: Record<string, string | null>) {
  const started = await postJson(
    `${server.url}/api/imports/${id}/start`,
    { mapping },
    authed(token),
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  for (const begun = Date.now(); ;) {
    const { body } = await getJson(`${server.url}/api/imports/${id}`, token);
    if (['completed', 'failed', 'cancelled'].includes(body.status as string)) return body;
    if (Date.now() - begun > 30_000) throw new Error(`import stuck: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The columns mapped to a field, without the ignored ones. */
const mapped = (mapping: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(mapping).filter(([, field]) => field !== null));

type PersonRow = {
  first_name: string;
  last_name: string;
  email: string;
  additional_emails: string[];
  phones: string[];
  job_title: string;
  department: string;
  company_name: string;
  domain: string | null;
  city: string;
  region: string;
  country: string;
  linkedin_url: string;
  tags: string[];
  created_at: Date | string;
};
async function peopleOf(token: string): Promise<PersonRow[]> {
  const me = await getJson(`${server.url}/user/me`, token);
  const workspaceId = (me.body.workspace as { id: string }).id;
  const result = await server.database.db.execute(sql`
    select p.first_name, p.last_name, p.email, p.additional_emails, p.phones, p.job_title,
           p.department, p.company_name, c.domain, p.city, p.region, p.country, p.linkedin_url,
           p.tags, p.created_at
    from people p left join companies c on c.id = p.company_id
    where p.workspace_id = ${workspaceId} order by p.first_name`);
  return (result as unknown as { rows: PersonRow[] }).rows;
}

describe('the people export, read back by the import', () => {
  it('round-trips exactly: export, import into a fresh workspace, export again', async () => {
    const a = await crmWorkspace(server);
    // The owner is a member who then joins the new workspace (e-mails are unique per server).
    const owner = await addMember(server, a.admin.token, 'contributor');
    const zoe = (await a.ok('POST', '/api/companies', {
      name: 'Zoë & Co, "Ltd"',
      domain: 'zoe-co.test',
    })) as { id: string };
    const angstrom = (await a.ok('POST', '/api/companies', { name: 'Ångström AB' })) as {
      id: string;
    };
    const everything = {
      seniority: 'c_level',
      department: 'Ventes, EMEA',
      city: 'Paris',
      region: 'Île-de-France',
      country: 'France',
      timeZone: 'Europe/Paris',
      ownerId: owner.id,
      source: 'Salon "Tech", 2024',
    };
    await a.ok('POST', '/api/people', {
      ...everything,
      firstName: 'Zoë',
      lastName: 'Ångström-Łukasz',
      email: 'zoe@zoe-co.test',
      additionalEmails: ['zoe.perso@example.test', 'z@example.test'],
      phones: ['+33 1 23 45 67 89', '+1 (555) 010-0199'],
      jobTitle: 'Head of "Everything",\nreally',
      companyId: zoe.id,
      linkedinUrl: 'https://www.linkedin.com/in/zoe',
      stage: 'do_not_contact',
      tags: ['vip', 'Paris, FR', '北京'],
    });
    await a.ok('POST', '/api/people', {
      ...everything,
      seniority: 'vp',
      firstName: '=SUM(A1)',
      lastName: "'+already quoted",
      email: 'formula@zoe-co.test',
      additionalEmails: ['other@example.test'],
      phones: ['-12', '+44 20 7946 0958'],
      jobTitle: '@mention, -minus',
      companyId: zoe.id,
      linkedinUrl: 'https://www.linkedin.com/in/formula',
      stage: 'approaching',
      tags: ['a', 'b'],
    });
    await a.ok('POST', '/api/people', {
      ...everything,
      seniority: 'manager',
      firstName: 'محمد',
      lastName: 'Nguyễn Văn',
      email: 'mohammed@angstrom.test',
      additionalEmails: ['m2@angstrom.test'],
      phones: ['+84 24 3826 4848'],
      jobTitle: 'Directeur général',
      companyId: angstrom.id,
      linkedinUrl: 'https://www.linkedin.com/in/mn',
      stage: 'not_interested',
      tags: ['ân', 'x'],
    });
    const exportOf = async (token: string) => {
      const response = await fetch(
        `${server.url}/api/people/export.csv?${query({ sort: 'email' })}`,
        { headers: authed(token) },
      );
      expect(response.status).toBe(200);
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    };
    const first = await exportOf(a.admin.token);
    const lines = first.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFFirst name,Last name,Email,Additional emails,Phone,Job title,Seniority,Department,' +
        'Company,Company domain,City,Region,Country,Time zone,LinkedIn,Owner email,Stage,Tags,' +
        'Source,Created at',
    );
    // Phone numbers stay as they are; formulas get an apostrophe; ids are nowhere.
    expect(first).toContain(',+33 1 23 45 67 89; +1 (555) 010-0199,');
    expect(first).toContain(`'=SUM(A1),''+already quoted,`);
    expect(first).toContain(`,"'@mention, -minus",`);
    expect(first).toContain(`,${owner.email},Do not contact,"vip; Paris, FR; 北京",`);
    expect(first).toContain(',C-level,');
    expect(first).toContain(',"Zoë & Co, ""Ltd""",zoe-co.test,');
    expect(first).not.toContain(owner.id);
    expect(first).not.toContain(zoe.id);

    const b = await register(server);
    await server.database.db.execute(sql`
      update users set workspace_id = (select workspace_id from users where email = ${b.email})
      where id = ${owner.id}`);
    const uploaded = await upload(b.token, first);
    expect(uploaded.mapping).toEqual({
      'First name': 'firstName',
      'Last name': 'lastName',
      Email: 'email',
      'Additional emails': 'additionalEmails',
      Phone: 'phones',
      'Job title': 'jobTitle',
      Seniority: 'seniority',
      Department: 'department',
      Company: 'companyName',
      'Company domain': 'companyDomain',
      City: 'city',
      Region: 'region',
      Country: 'country',
      'Time zone': 'timeZone',
      LinkedIn: 'linkedinUrl',
      'Owner email': 'ownerEmail',
      Stage: 'stage',
      Tags: 'tags',
      Source: 'source',
      'Created at': 'createdAt',
    });
    const done = await start(b.token, uploaded.id, uploaded.mapping);
    expect(done).toMatchObject({ status: 'completed', created: 3, refused: 0 });
    expect(await exportOf(b.token)).toBe(first);
  });

  it('round-trips companies the same way', async () => {
    const a = await crmWorkspace(server);
    const owner = await addMember(server, a.admin.token, 'contributor');
    await a.ok('POST', '/api/companies', {
      name: 'Zoë & Co, "Ltd"',
      domain: 'zoe-co.test',
      industry: 'Software',
      size: '11-50',
      revenueRange: '<1M',
      city: 'Paris',
      region: 'Île-de-France',
      country: 'France',
      description: 'Line one\nline two, with "quotes"',
      linkedinUrl: 'https://www.linkedin.com/company/zoe',
      ownerId: owner.id,
      tags: ['=tag', 'b'],
    });
    await a.ok('POST', '/api/companies', { name: '北京 Ltd', size: '5001+', ownerId: owner.id });
    const exportOf = async (token: string) =>
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(
        await (
          await fetch(`${server.url}/api/companies/export.csv?sort=name`, {
            headers: authed(token),
          })
        ).arrayBuffer(),
      );
    const first = await exportOf(a.admin.token);
    expect(first.split('\r\n')[0]).toBe(
      '\uFEFFName,Domain,Industry,Size,Revenue,City,Region,Country,Description,LinkedIn,' +
        'Owner email,Tags,Created at',
    );
    const b = await register(server);
    await server.database.db.execute(sql`
      update users set workspace_id = (select workspace_id from users where email = ${b.email})
      where id = ${owner.id}`);
    const uploaded = await upload(b.token, first, 'companies');
    expect(uploaded.columns.map((c) => uploaded.mapping[c])).toEqual([
      'name',
      'domain',
      'industry',
      'size',
      'revenueRange',
      'city',
      'region',
      'country',
      'description',
      'linkedinUrl',
      'ownerEmail',
      'tags',
      'createdAt',
    ]);
    const done = await start(b.token, uploaded.id, uploaded.mapping);
    expect(done).toMatchObject({ status: 'completed', created: 2, refused: 0 });
    expect(await exportOf(b.token)).toBe(first);
  });

  it('writes the ids, consent and server dates only when asked for', async () => {
    const w = await crmWorkspace(server);
    const p = (await w.ok('POST', '/api/people', { firstName: 'Ada', stage: 'replied' })) as {
      id: string;
    };
    const text = await (
      await fetch(
        `${server.url}/api/people/export.csv?columns=id,firstName,ownerId,stage,consentStatus`,
        { headers: authed(w.admin.token) },
      )
    ).text();
    expect(text).toBe(
      `ID,First name,Owner email,Stage,Consent\r\n${p.id},Ada,,Replied,Unknown\r\n`,
    );
  });

  it('takes the apostrophe of an older export away, keeping numbers and dashes', async () => {
    const admin = await register(server);
    const csv = [
      'First name,Last name,Phone,Job title',
      `'=cmd,'+33 1 23 45 67 89,'+1 555,'-`,
      `O'Brien,'Leary,-,''=kept`,
    ].join('\r\n');
    const uploaded = await upload(admin.token, csv);
    const done = await start(admin.token, uploaded.id, uploaded.mapping);
    expect(done).toMatchObject({ status: 'completed', created: 2 });
    const people = await peopleOf(admin.token);
    expect(people.map((p) => [p.first_name, p.last_name, p.phones, p.job_title])).toEqual([
      ['=cmd', '+33 1 23 45 67 89', ['+1 555'], '-'],
      ["O'Brien", "'Leary", ['-'], "'=kept"],
    ]);
  });
});

describe('contacts exports of other programs', () => {
  it('HubSpot: maps the columns, leaves an owner given by name and lifecycle stages alone', async () => {
    const admin = await register(server);
    const uploaded = await upload(admin.token, fixture('hubspot-contacts.csv'));
    expect(uploaded.totalRows).toBe(3);
    expect(mapped(uploaded.mapping)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
      'Phone Number': 'phones',
      'Mobile Phone Number': 'phones',
      'Create Date': 'createdAt',
      'Company Name': 'companyName',
      'Job Title': 'jobTitle',
      City: 'city',
      'State/Region': 'region',
      'Country/Region': 'country',
    });
    const done = await start(admin.token, uploaded.id, uploaded.mapping);
    expect(done).toMatchObject({ status: 'completed', created: 3, refused: 0 });
    const people = await peopleOf(admin.token);
    expect(people[1]).toMatchObject({
      first_name: 'Jürgen',
      last_name: 'Weiß',
      email: 'juergen.weiss@mueller-soehne.test',
      phones: ['+49 30 1234567', '+49 151 2345678'],
      company_name: 'Müller & Söhne GmbH',
      job_title: 'Head of Sales, EMEA',
      region: 'Berlin',
      country: 'Germany',
    });
    expect(new Date(people[1]!.created_at).toISOString()).toBe('2024-03-05T10:22:00.000Z');
    expect(people[0]).toMatchObject({
      first_name: 'Chloé',
      last_name: "O'Neil",
      phones: ['(555) 010-0199'],
      company_name: 'Acme, Inc.',
      job_title: 'VP "Growth"',
    });
    expect(people[2]).toMatchObject({ first_name: 'Kenji', email: '', country: 'Japan' });
  });

  it('Google Contacts: Label/Value columns and ::: multi-values', async () => {
    const admin = await register(server);
    const uploaded = await upload(admin.token, fixture('google-contacts.csv'));
    expect(uploaded.totalRows).toBe(3);
    expect(mapped(uploaded.mapping)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      'Organization Name': 'companyName',
      'Organization Title': 'jobTitle',
      'Organization Department': 'department',
      Labels: 'tags',
      'E-mail 1 - Value': 'email',
      'E-mail 2 - Value': 'additionalEmails',
      'Phone 1 - Value': 'phones',
      'Phone 2 - Value': 'phones',
      'Address 1 - City': 'city',
      'Address 1 - Region': 'region',
      'Address 1 - Country': 'country',
      'Website 1 - Value': 'linkedinUrl',
    });
    const done = await start(admin.token, uploaded.id, uploaded.mapping);
    expect(done).toMatchObject({ status: 'completed', created: 3, refused: 0 });
    const [ada, grace, zoe] = await peopleOf(admin.token);
    expect(ada).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@engines.test',
      additional_emails: ['a.lovelace@engines.test', 'ada@home.test'],
      phones: ['+44 20 7946 0958', '+44 20 7946 0000'],
      company_name: 'Analytical Engines, Ltd.',
      job_title: 'Engineer',
      department: 'R&D',
      city: 'London',
      country: 'United Kingdom',
      linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
      tags: ['Friends', 'Math'],
    });
    expect(grace).toMatchObject({
      email: 'grace@navy.test',
      additional_emails: [],
      phones: ['+1 202-555-0143', '+1 202-555-0199'],
      tags: [],
    });
    expect(zoe).toMatchObject({ first_name: 'Zoë', last_name: 'Ångström', email: '' });
  });

  it('Outlook: Windows-1252, every field quoted, several phone and e-mail columns', async () => {
    const admin = await register(server);
    const uploaded = await upload(admin.token, fixture('outlook-contacts.csv'));
    expect(uploaded.totalRows).toBe(2);
    expect(mapped(uploaded.mapping)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Company: 'companyName',
      Department: 'department',
      'Job Title': 'jobTitle',
      'Business City': 'city',
      'Business State': 'region',
      'Business Country/Region': 'country',
      'Business Phone': 'phones',
      'Business Phone 2': 'phones',
      'Home Phone': 'phones',
      'Home Phone 2': 'phones',
      'Mobile Phone': 'phones',
      'Other Phone': 'phones',
      'Primary Phone': 'phones',
      Categories: 'tags',
      'E-mail Address': 'email',
      'E-mail 2 Address': 'additionalEmails',
      'E-mail 3 Address': 'additionalEmails',
    });
    const done = await start(admin.token, uploaded.id, uploaded.mapping);
    expect(done).toMatchObject({ status: 'completed', created: 2, refused: 0 });
    const [bob, helene] = await peopleOf(admin.token);
    expect(helene).toMatchObject({
      first_name: 'Hélène',
      last_name: 'Dupré',
      email: 'helene.dupre@sgde.test',
      additional_emails: ['h.dupre@perso.test'],
      phones: ['+33 4 72 00 00 00', '+33 6 12 34 56 78'],
      company_name: "Société Générale d'Études",
      job_title: 'Directrice',
      department: 'Recherche',
      city: 'Lyon',
      country: 'France',
      tags: ['Clients', 'Salon 2024'],
    });
    expect(bob).toMatchObject({
      email: 'bob@smith.test',
      phones: ['(555) 123-4567'],
      company_name: 'Smith & Sons',
      job_title: 'Owner',
    });
  });

  it('LinkedIn: skips the Notes preamble and reads the connections', async () => {
    const admin = await register(server);
    const uploaded = await upload(admin.token, fixture('linkedin-connections.csv'));
    expect(uploaded.columns).toEqual([
      'First Name',
      'Last Name',
      'URL',
      'Email Address',
      'Company',
      'Position',
      'Connected On',
    ]);
    expect(uploaded.totalRows).toBe(2);
    expect(mapped(uploaded.mapping)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      URL: 'linkedinUrl',
      'Email Address': 'email',
      Company: 'companyName',
      Position: 'jobTitle',
    });
    const done = await start(admin.token, uploaded.id, uploaded.mapping);
    expect(done).toMatchObject({ status: 'completed', created: 2, refused: 0 });
    const [priya, tomas] = await peopleOf(admin.token);
    expect(priya).toMatchObject({
      first_name: 'Priya',
      email: 'priya@example.test',
      linkedin_url: 'https://www.linkedin.com/in/priya-raman',
      company_name: 'Globex',
      job_title: 'Director of Engineering',
    });
    expect(tomas).toMatchObject({
      first_name: 'Tomás',
      last_name: 'García López',
      email: '',
      company_name: 'Initech, S.L.',
      job_title: 'CTO',
    });
  });
});
