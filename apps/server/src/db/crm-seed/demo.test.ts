import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { testDatabaseOptions } from '../../../test/databases.ts';
import { seedDemo } from '../seed.ts';
import { bulkDeals } from './bulk-deals.ts';
import { PLACES } from './words.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  database = await openDatabase(await testDatabaseOptions(url, 2));
  await seedDemo(database.db);
});
afterAll(async () => {
  await database.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const demo = sql`(select id from workspaces where demo_key = 'demo')`;

describe('demo deals', () => {
  it('puts a few hundred deals on the demo companies, at the stages their people are at', async () => {
    const [counts] = await rows<{
      deals: number;
      companies: number;
      stale: number;
      people: number;
    }>(sql`
      select count(*)::int as deals, count(distinct company_id)::int as companies,
             count(*) filter (where status = 'open' and last_activity_at < now() - interval '14 days')::int as stale,
             (select count(*)::int from deal_people dp join deals d on d.id = dp.deal_id
               where d.workspace_id = ${demo}) as people
      from deals where workspace_id = ${demo}`);
    expect(counts!.deals).toBeGreaterThanOrEqual(150);
    expect(counts!.deals).toBeLessThanOrEqual(600);
    expect(counts!.companies).toBeGreaterThan(100);
    expect(counts!.stale).toBeGreaterThan(0);
    expect(counts!.people).toBeGreaterThanOrEqual(counts!.deals);
    // Won, negotiation and proposal deals are at companies with an interested person; lost ones
    // at companies where someone said no or went silent, and none of those is interested.
    const [disagree] = await rows<{ late: number; lost: number; stages: number }>(sql`
      select
        (select count(*)::int from deals d join pipeline_stages s on s.id = d.stage_id
          where d.workspace_id = ${demo} and s.name in ('Won', 'Negotiation', 'Proposal')
            and not exists (select 1 from people p where p.company_id = d.company_id
                            and p.stage = 'interested')) as late,
        (select count(*)::int from deals d
          where d.workspace_id = ${demo} and d.status = 'lost'
            and (d.lost_reason = '' or exists (select 1 from people p where p.company_id = d.company_id
                        and p.stage in ('interested', 'replied')))) as lost,
        (select count(*)::int from deals d join pipeline_stages s on s.id = d.stage_id
          where d.workspace_id = ${demo} and (d.status <> s.kind
            or (d.status = 'open') <> (d.closed_at is null))) as stages`);
    expect(disagree).toEqual({ late: 0, lost: 0, stages: 0 });
  });

  it('gives every deal a stage history from its first stage to where it stands, in time order', async () => {
    const [bad] = await rows<{ first: number; last: number; order: number; amounts: number }>(sql`
      select
        (select count(*)::int from deals d where d.workspace_id = ${demo} and not exists (
          select 1 from deal_stage_changes c where c.deal_id = d.id and c.from_stage_id is null
            and c.at = d.created_at)) as first,
        (select count(*)::int from deals d where d.workspace_id = ${demo} and d.stage_id <> (
          select c.to_stage_id from deal_stage_changes c where c.deal_id = d.id
          order by c.at desc limit 1)) as last,
        (select count(*)::int from deal_stage_changes c join deals d on d.id = c.deal_id
          where d.workspace_id = ${demo} and (c.at < d.created_at or c.at > now())) as order,
        (select count(*)::int from deals d where d.workspace_id = ${demo}
          and (d.amount <= 0 or d.amount % 100 <> 0 or d.expected_close_date is null)) as amounts`);
    expect(bad).toEqual({ first: 0, last: 0, order: 0, amounts: 0 });
  });

  it('expects some open deals to close this month, so the home page has them to show', async () => {
    const [month] = await rows<{ n: number }>(sql`
      select count(*)::int as n from deals
      where workspace_id = ${demo} and status = 'open'
        and date_trunc('month', expected_close_date) =
            date_trunc('month', (now() at time zone 'UTC')::date)`);
    expect(month!.n).toBeGreaterThan(0);
  });
});

describe('demo CRM records', () => {
  it('fills the demo workspace with people at companies, once', async () => {
    const [counts] = await rows<{ people: number; companies: number; lists: number }>(sql`
      select (select count(*)::int from people where workspace_id = ${demo}) as people,
             (select count(*)::int from companies where workspace_id = ${demo}) as companies,
             (select count(*)::int from record_lists where workspace_id = ${demo}) as lists`);
    expect(counts).toEqual({ people: 3000, companies: 300, lists: 4 });
    await seedDemo(database.db);
    const [again] = await rows<{ people: number }>(
      sql`select count(*)::int as people from people where workspace_id = ${demo}`,
    );
    expect(again!.people).toBe(3000);
  });

  it('gives every writing member tasks overdue, due today, upcoming and done, about demo people', async () => {
    const perMember = await rows<{
      overdue: number;
      today: number;
      upcoming: number;
      done: number;
      unrelated: number;
      unread: number;
    }>(sql`
      select
        count(*) filter (where t.status = 'open' and t.due_at < date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as overdue,
        count(*) filter (where t.status = 'open' and t.due_at::date = (now() at time zone 'UTC')::date)::int as today,
        count(*) filter (where t.status = 'open' and t.due_at >= (date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC')::int as upcoming,
        count(*) filter (where t.status <> 'open')::int as done,
        count(*) filter (where t.person_id is null and t.company_id is null)::int as unrelated,
        (select count(*)::int from notifications n where n.user_id = u.id and n.read_at is null) as unread
      from users u join tasks t on t.assignee_id = u.id
      where u.workspace_id = ${demo} group by u.id`);
    expect(perMember.length).toBeGreaterThan(0);
    for (const member of perMember) {
      expect(member.overdue).toBeGreaterThan(0);
      expect(member.today).toBeGreaterThan(0);
      expect(member.upcoming).toBeGreaterThan(0);
      expect(member.done).toBeGreaterThan(0);
      expect(member.unrelated).toBe(0);
      expect(member.unread).toBe(3);
    }
    const [withDeal] = await rows<{ n: number }>(
      sql`select count(*)::int as n from tasks t join deals d on d.id = t.deal_id
          where t.workspace_id = ${demo} and d.company_id = t.company_id`,
    );
    expect(withDeal!.n).toBeGreaterThan(0);
  });

  it('gives every demo task a timeline, some notes, and shared saved views of tasks', async () => {
    const [timeline] = await rows<{ untold: number; finished: number; noted: number }>(sql`
      select
        count(*) filter (where not exists (select 1 from activities a
          where a.task_id = t.id and a.kind = 'created'))::int as untold,
        count(*) filter (where t.status <> 'open' and not exists (select 1 from activities a
          where a.task_id = t.id and a.field = 'status' and a.new_value = t.status::text))::int as finished,
        (select count(*)::int from notes n where n.workspace_id = ${demo} and n.task_id is not null) as noted
      from tasks t where t.workspace_id = ${demo}`);
    expect(timeline).toEqual({ untold: 0, finished: 0, noted: expect.any(Number) });
    expect(timeline!.noted).toBeGreaterThan(0);
    const views = await rows<{ name: string; shared: boolean }>(
      sql`select name, shared from saved_views where workspace_id = ${demo} and entity = 'tasks' order by name`,
    );
    expect(views).toEqual([
      { name: 'Deal follow-ups', shared: true },
      { name: 'High-priority calls', shared: true },
    ]);
  });

  it('has a few people entered twice, for the duplicates page', async () => {
    const groups = await rows<{ reason: string; n: number }>(sql`
      select 'email' as reason, count(*)::int as n from (
        select email from people where workspace_id = ${demo} and email <> ''
        group by email having count(*) > 1) e
      union all
      select 'name_company', count(*)::int from (
        select 1 from people where workspace_id = ${demo} and company_id is not null
        group by lower(first_name), lower(last_name), company_id having count(*) > 1) n`);
    // Names also meet by chance at a company (their e-mails then have a number).
    expect(groups).toEqual([
      { reason: 'email', n: 2 },
      { reason: 'name_company', n: expect.any(Number) },
    ]);
    expect(groups[1]!.n).toBeGreaterThanOrEqual(1);
  });

  it('keeps records consistent: e-mails on the company domain, counts, time zones, owners', async () => {
    const [bad] = await rows<{ email: number; counts: number; zones: number; owners: number }>(sql`
      select
        (select count(*)::int from people p join companies c on c.id = p.company_id
          where p.workspace_id = ${demo}
            and (p.email not like '%@' || c.domain or p.company_name <> c.name)) as email,
        (select count(*)::int from companies c where c.workspace_id = ${demo}
          and c.people_count <> (select count(*) from people p where p.company_id = c.id)) as counts,
        (select count(distinct (city, time_zone))::int from people where workspace_id = ${demo}) as zones,
        (select count(*)::int from people p join users u on u.id = p.owner_id
          where p.workspace_id = ${demo} and u.role = 'viewer') as owners`);
    expect(bad!.email).toBe(0);
    expect(bad!.counts).toBe(0);
    expect(bad!.zones).toBeLessThanOrEqual(PLACES.length);
    expect(bad!.owners).toBe(0);
    const places = await rows<{ city: string; country: string; time_zone: string }>(
      sql`select distinct city, country, time_zone from people where workspace_id = ${demo}`,
    );
    for (const place of places) {
      expect(PLACES).toContainEqual(
        expect.objectContaining({
          city: place.city,
          country: place.country,
          timeZone: place.time_zone,
        }),
      );
    }
  });

  it('has lists with members and a timeline', async () => {
    const lists = await rows<{ name: string; members: number }>(sql`
      select l.name, (select count(*)::int from list_people lp where lp.list_id = l.id)
        + (select count(*)::int from list_companies lc where lc.list_id = l.id) as members
      from record_lists l where l.workspace_id = ${demo} order by l.name`);
    expect(lists.map((l) => l.name)).toEqual([
      'Conference leads',
      'Key accounts',
      'Q4 targets',
      'Warm pipeline',
    ]);
    for (const list of lists) expect(list.members).toBeGreaterThan(5);
    const [timeline] = await rows<{ notes: number; created: number }>(sql`
      select (select count(*)::int from activities where workspace_id = ${demo} and kind = 'note_added') as notes,
             (select count(*)::int from activities where workspace_id = ${demo} and kind = 'created'
               and deal_id is null and task_id is null) as created`);
    expect(timeline!.notes).toBeGreaterThan(10);
    // One `created` entry per person and company (deals and tasks have their own: above).
    expect(timeline!.created).toBe(3300);
  });
});

describe('demo board and calendar', () => {
  it('fills the board with columns and cards about demo records, with members on them', async () => {
    const columns = await rows<{ name: string; cards: number }>(sql`
      select c.name, (select count(*)::int from kanban_cards k where k.column_id = c.id) as cards
      from kanban_columns c where c.workspace_id = ${demo} order by c.position, c.id`);
    expect(columns.map((c) => c.name)).toEqual([
      'Prospecting',
      'Meeting booked',
      'Proposal sent',
      'Negotiation',
      'Won',
    ]);
    for (const column of columns) expect(column.cards).toBeGreaterThan(0);
    const [cards] = await rows<{
      cards: number;
      labelled: number;
      due: number;
      checklists: number;
      unassigned: number;
      strangers: number;
      comments: number;
      named: number;
    }>(sql`
      select count(*)::int as cards,
        count(*) filter (where jsonb_array_length(labels) > 0)::int as labelled,
        count(*) filter (where due_at is not null)::int as due,
        count(*) filter (where jsonb_array_length(checklist) > 0)::int as checklists,
        count(*) filter (where not exists (
          select 1 from kanban_card_assignees a where a.card_id = k.id))::int as unassigned,
        (select count(*)::int from kanban_card_assignees a join kanban_cards c on c.id = a.card_id
          join users u on u.id = a.user_id
          where c.workspace_id = ${demo} and u.workspace_id <> c.workspace_id) as strangers,
        (select count(*)::int from kanban_comments m join kanban_cards c on c.id = m.card_id
          where c.workspace_id = ${demo}) as comments,
        count(*) filter (where exists (
          select 1 from companies co where co.workspace_id = k.workspace_id
            and position(co.name in k.description) > 0))::int as named
      from kanban_cards k where k.workspace_id = ${demo}`);
    expect(cards!.cards).toBeGreaterThanOrEqual(15);
    expect(cards!.labelled).toBe(cards!.cards);
    expect(cards!.due).toBeGreaterThan(5);
    expect(cards!.checklists).toBe(cards!.cards);
    expect(cards!.unassigned).toBe(0);
    expect(cards!.strangers).toBe(0);
    expect(cards!.comments).toBeGreaterThan(5);
    expect(cards!.named).toBe(cards!.cards);
  });

  it('puts meetings with demo people on the calendar this month, some all-day, with members', async () => {
    const [events] = await rows<{
      thisMonth: number;
      past: number;
      future: number;
      allDay: number;
      withPeople: number;
      total: number;
      noAttendee: number;
    }>(sql`
      select
        count(*) filter (where date_trunc('month', start_at) = date_trunc('month', now()))::int as "thisMonth",
        count(*) filter (where start_at < now())::int as past,
        count(*) filter (where start_at > now())::int as future,
        count(*) filter (where all_day)::int as "allDay",
        count(*) filter (where exists (select 1 from people p where p.workspace_id = e.workspace_id
          and e.description like '%<' || p.email || '>%'))::int as "withPeople",
        count(*)::int as total,
        count(*) filter (where not exists (
          select 1 from calendar_event_attendees a where a.event_id = e.id))::int as "noAttendee"
      from calendar_events e where e.workspace_id = ${demo}`);
    expect(events!.thisMonth).toBeGreaterThan(0);
    expect(events!.past).toBeGreaterThan(5);
    expect(events!.future).toBeGreaterThan(5);
    expect(events!.allDay).toBeGreaterThanOrEqual(2);
    expect(events!.withPeople).toBe(events!.total - events!.allDay);
    expect(events!.noAttendee).toBe(0);
    // All-day events start at UTC midnight and end on a later midnight (exclusive end).
    const [allDay] = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from calendar_events
      where workspace_id = ${demo} and all_day
        and (start_at <> date_trunc('day', start_at at time zone 'UTC') at time zone 'UTC'
             or end_at <= start_at)`);
    expect(allDay!.bad).toBe(0);
    await seedDemo(database.db);
    const [again] = await rows<{ total: number }>(
      sql`select count(*)::int as total from calendar_events where workspace_id = ${demo}`,
    );
    expect(again!.total).toBe(events!.total);
  });
});

describe('bulk deals (npm run seed:deals)', () => {
  it('adds deals on the default pipeline with their first stage change, and kept totals that agree', async () => {
    const [owner] = await rows<{ id: string }>(
      sql`select id from users where workspace_id = ${demo} and role = 'admin' limit 1`,
    );
    const [workspace] = await rows<{ id: string }>(sql`select ${demo} as id`);
    const count = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from deals where workspace_id = ${demo}`,
        )
      )[0]!.n;
    const before = await count();
    const seen: number[] = [];
    await bulkDeals(
      database.db,
      { workspaceId: workspace!.id, count: 1200, ownerIds: [owner!.id], batch: 500 },
      (done) => seen.push(done),
    );
    expect(seen).toEqual([500, 1000, 1200]);
    expect(await count()).toBe(before + 1200);
    const [bad] = await rows<{ history: number; totals: number }>(sql`
      select
        (select count(*)::int from deals d where d.workspace_id = ${demo}
          and not exists (select 1 from deal_stage_changes c where c.deal_id = d.id)) as history,
        (select count(*)::int from (
          select stage_id, currency, count(*) as n, sum(amount) as a from deals
          where workspace_id = ${demo} group by stage_id, currency
          except
          select stage_id, currency, count, amount from deal_stage_totals where workspace_id = ${demo}
        ) d) as totals`);
    expect(bad).toEqual({ history: 0, totals: 0 });
  });
});

describe('demo team', () => {
  it('gives every demo member a title and an about, and leaves invitations pending', async () => {
    const members = await rows<{ title: string | null; about: string | null }>(
      sql`select title, about from users where workspace_id = ${demo}`,
    );
    expect(members.length).toBeGreaterThanOrEqual(4);
    expect(members.every((m) => m.title && m.about)).toBe(true);
    const invitations = await rows<{ pending: number; expired: number }>(
      sql`select count(*) filter (where expires_at > now())::int as pending,
                 count(*) filter (where expires_at <= now())::int as expired
          from invitations where workspace_id = ${demo} and accepted_at is null and revoked_at is null`,
    );
    expect(invitations[0]).toEqual({ pending: 2, expired: 1 });
    // Once: a second run adds nothing.
    await seedDemo(database.db);
    const again = await rows<{ n: number }>(
      sql`select count(*)::int as n from invitations where workspace_id = ${demo}`,
    );
    expect(again[0]!.n).toBe(3);
  });
});

describe('demo chat', () => {
  it('gives the team group and direct conversations with a few hundred messages, once', async () => {
    const [counts] = await rows<{ groups: number; directs: number; messages: number }>(sql`
      select
        (select count(*)::int from chat_conversations where workspace_id = ${demo} and type = 'group') as groups,
        (select count(*)::int from chat_conversations where workspace_id = ${demo} and type = 'direct') as directs,
        (select count(*)::int from chat_messages where workspace_id = ${demo}) as messages`);
    expect(counts!.groups).toBeGreaterThanOrEqual(2);
    expect(counts!.directs).toBeGreaterThanOrEqual(3);
    expect(counts!.messages).toBeGreaterThanOrEqual(300);
    await seedDemo(database.db);
    const [again] = await rows<{ messages: number }>(
      sql`select count(*)::int as messages from chat_messages where workspace_id = ${demo}`,
    );
    expect(again!.messages).toBe(counts!.messages);
  });

  it('numbers each conversation 1..n in time order, sent by its participants, some unread', async () => {
    const [bad] = await rows<{
      gaps: number;
      order: number;
      strangers: number;
      unread: number;
    }>(sql`
      select
        (select count(*)::int from chat_conversations c where c.workspace_id = ${demo}
          and c.last_seq <> (select count(*) from chat_messages m where m.conversation_id = c.id)) as gaps,
        (select count(*)::int from chat_messages a join chat_messages b
          on b.conversation_id = a.conversation_id and b.seq = a.seq + 1
          where a.workspace_id = ${demo} and b.created_at < a.created_at) as "order",
        (select count(*)::int from chat_messages m where m.workspace_id = ${demo}
          and not exists (select 1 from chat_participants p
            where p.conversation_id = m.conversation_id and p.user_id = m.sender_id)) as strangers,
        (select count(*)::int from chat_participants p join users u on u.id = p.user_id
          join chat_messages m on m.conversation_id = p.conversation_id and m.seq > p.last_read_seq
          where u.email = 'demo@beacon.local' and m.sender_id <> u.id) as unread`);
    expect(bad).toMatchObject({ gaps: 0, order: 0, strangers: 0 });
    expect(bad!.unread).toBeGreaterThan(0);
  });
});

describe('demo panels', () => {
  it('has workspace settings, templates and snippets, and a month of audit history, once', async () => {
    const count = async () =>
      (
        await rows<{ templates: number; snippets: number; audit: number; kinds: number }>(sql`
          select
            (select count(*)::int from email_templates where workspace_id = ${demo} and kind = 'template') as templates,
            (select count(*)::int from email_templates where workspace_id = ${demo} and kind = 'snippet') as snippets,
            (select count(*)::int from audit_log where workspace_id = ${demo}) as audit,
            (select count(distinct kind)::int from audit_log where workspace_id = ${demo}) as kinds`)
      )[0]!;
    const first = await count();
    expect(first.templates).toBeGreaterThanOrEqual(3);
    expect(first.snippets).toBeGreaterThanOrEqual(2);
    expect(first.audit).toBeGreaterThan(30);
    expect(first.kinds).toBeGreaterThanOrEqual(5);
    const [workspace] = await rows<{ time_zone: string; default_currency: string }>(
      sql`select time_zone, default_currency from workspaces where id = ${demo}`,
    );
    expect(workspace).toEqual({ time_zone: 'Europe/Paris', default_currency: 'EUR' });
    const [span] = await rows<{ days: number }>(
      sql`select extract(day from max(created_at) - min(created_at))::int as days
          from audit_log where workspace_id = ${demo}`,
    );
    expect(span!.days).toBeGreaterThanOrEqual(25);
    await seedDemo(database.db);
    expect(await count()).toEqual(first);
  });
});
