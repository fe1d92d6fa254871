import { sql } from 'drizzle-orm';
import { spreadKeys } from '../../lib/positions.ts';
import type { Database } from '../client.ts';
import {
  calendarEventAttendees,
  calendarEvents,
  kanbanCardAssignees,
  kanbanCards,
  kanbanColumns,
  kanbanComments,
} from '../schema/index.ts';
import { createRandom } from './generate.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

const SEED = 20_251_124;
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A demo person the board and the calendar talk about: replied or interested, at a company. */
type Contact = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  city: string;
};

export type DemoMember = { id: string; firstName: string };

const COLUMNS = ['Prospecting', 'Meeting booked', 'Proposal sent', 'Negotiation', 'Won'] as const;

/** Per column: what its cards are about, as a title and a description to fill with a contact. */
const CARD_TEMPLATES: Record<
  (typeof COLUMNS)[number],
  { name: string; description: string; labels: string[]; checklist: string[] }[]
> = {
  Prospecting: [
    {
      name: 'Research {company}',
      description: 'Find out who owns the budget at {company} and what they use today.',
      labels: ['research'],
      checklist: ['Read the last annual report', 'Map the buying committee', 'Find a warm intro'],
    },
    {
      name: 'First e-mail to {person}',
      description: '{person} ({company}) replied to the newsletter; follow up with the case study.',
      labels: ['outreach'],
      checklist: ['Personalise the opening', 'Attach the case study'],
    },
    {
      name: 'LinkedIn follow-up with {person}',
      description:
        'Met {person} ({company}) at SaaS Connect. Send a short note and ask for 20 minutes.',
      labels: ['outreach', 'conference'],
      checklist: ['Connect on LinkedIn', 'Send the note'],
    },
  ],
  'Meeting booked': [
    {
      name: 'Discovery call: {company}',
      description:
        'Call with {person} to understand the pipeline and reporting needs of {company}.',
      labels: ['call'],
      checklist: ['Prepare the questions', 'Send the agenda', 'Write up the notes'],
    },
    {
      name: 'Demo for {company}',
      description: 'Product demo for {person} and the {company} team. Focus on imports and lists.',
      labels: ['demo'],
      checklist: ['Load their sample data', 'Rehearse the import flow', 'Book the room'],
    },
  ],
  'Proposal sent': [
    {
      name: 'Proposal: {company}',
      description:
        'Proposal for 25 seats at {company} sent to {person}; chase if no answer by the due date.',
      labels: ['proposal'],
      checklist: ['Pricing approved', 'Proposal sent', 'Follow-up call'],
    },
    {
      name: 'Security questionnaire for {company}',
      description: '{person} forwarded the IT questionnaire of {company} (42 questions).',
      labels: ['proposal', 'security'],
      checklist: ['Answer the hosting section', 'Attach the data processing agreement'],
    },
  ],
  Negotiation: [
    {
      name: 'Contract review with {company}',
      description:
        'The legal team of {company} asked for changes to the liability clause. {person} is our sponsor.',
      labels: ['legal'],
      checklist: ['Send the redlines', 'Agree on the payment terms', 'Signature'],
    },
  ],
  Won: [
    {
      name: 'Onboarding: {company}',
      description: '{company} signed. Kick-off with {person}, then import their contacts.',
      labels: ['onboarding'],
      checklist: ['Kick-off call', 'Import their contacts', 'Train the team'],
    },
  ],
};

const CARDS_PER_COLUMN: Record<(typeof COLUMNS)[number], number> = {
  Prospecting: 6,
  'Meeting booked': 5,
  'Proposal sent': 4,
  Negotiation: 3,
  Won: 3,
};

const COMMENTS = [
  'Left a voicemail, trying again on Thursday.',
  '{person} asked for the pricing in euros.',
  'Good call today, they want to see the import of their old CRM.',
  'Their budget is approved for next quarter.',
  'Sent the recap and the recording.',
  'I can take the follow-up if you are busy this week.',
  '{person} is on holiday until Monday.',
];

const MEETINGS = [
  { title: 'Discovery call with {person} ({company})', color: '#0C68E9', hours: 0.5 },
  { title: 'Demo for {company}', color: '#8E33FF', hours: 1 },
  { title: 'Proposal review with {person}', color: '#00B8D9', hours: 1 },
  { title: 'Lunch with {person}', color: '#FFAB00', hours: 1.5 },
  { title: 'Contract call: {company}', color: '#FF5630', hours: 0.5 },
  { title: 'Onboarding kick-off: {company}', color: '#00A76F', hours: 1 },
];

const fill = (text: string, contact: Contact) =>
  text
    .replaceAll('{person}', `${contact.firstName} ${contact.lastName}`.trim())
    .replaceAll('{company}', contact.companyName);

const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The weekday `offset` working days from `day` (negative goes back), skipping weekends. */
function workingDay(day: Date, offset: number): Date {
  let at = day.getTime();
  let left = Math.abs(offset);
  const step = offset < 0 ? -DAY : DAY;
  while (left > 0 || [0, 6].includes(new Date(at).getUTCDay())) {
    at += step;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}

/**
 * The demo board (a sales pipeline whose cards name demo people and companies) and the demo
 * calendar (meetings with them over the past two and the next three weeks). Deterministic for the
 * workspace's records and an instant `now`.
 */
export async function seedDemoBoardAndCalendar(
  db: Executor,
  input: { workspaceId: string; members: DemoMember[]; now?: Date },
): Promise<{ cards: number; events: number }> {
  const { workspaceId, members } = input;
  if (members.length === 0) return { cards: 0, events: 0 };
  const now = input.now ?? new Date();
  const today = startOfUtcDay(now);
  const random = createRandom(SEED);
  const contacts = (
    (await db.execute(sql`
      select id, first_name as "firstName", last_name as "lastName", email,
             company_name as "companyName", city
      from people
      where workspace_id = ${workspaceId} and stage in ('replied', 'interested')
        and company_name <> ''
      order by email, id
      limit 60`)) as unknown as { rows: Contact[] }
  ).rows;
  if (contacts.length === 0) return { cards: 0, events: 0 };
  const contact = (i: number) => contacts[i % contacts.length]!;

  // The board.
  const columnKeys = spreadKeys(COLUMNS.length);
  const columnRows = await db
    .insert(kanbanColumns)
    .values(
      COLUMNS.map((name, i) => ({
        workspaceId,
        name,
        position: columnKeys[i]!,
        createdAt: new Date(today.getTime() - 30 * DAY),
        updatedAt: new Date(today.getTime() - 30 * DAY),
      })),
    )
    .returning({ id: kanbanColumns.id, name: kanbanColumns.name });
  const columnId = new Map(columnRows.map((c) => [c.name, c.id]));

  type Card = typeof kanbanCards.$inferInsert;
  const cards: { card: Card; assignees: string[]; comments: { author: string; body: string }[] }[] =
    [];
  let next = 0;
  COLUMNS.forEach((column, columnIndex) => {
    const templates = CARD_TEMPLATES[column];
    const count = CARDS_PER_COLUMN[column];
    const keys = spreadKeys(count);
    for (let i = 0; i < count; i += 1) {
      const who = contact(next);
      next += 1;
      const template = templates[i % templates.length]!;
      const createdAt = new Date(today.getTime() - (25 - columnIndex * 4 - i) * DAY + 9 * HOUR);
      // Won cards are done: every item ticked. Others are partly done, the more so further right.
      const doneUpTo =
        column === 'Won'
          ? template.checklist.length
          : Math.min(template.checklist.length - 1, columnIndex + random.int(2));
      const dueOffset = column === 'Won' ? null : random.int(21) - 5;
      const assignees = random
        .sample(members, 1 + random.int(Math.min(2, members.length)))
        .map((m) => m.id);
      const labels = [...template.labels];
      if (random.chance(0.25)) labels.push('priority');
      const commentCount = random.int(3);
      const comments = Array.from({ length: commentCount }, () => ({
        author: random.pick(members).id,
        body: fill(random.pick(COMMENTS), who),
      }));
      cards.push({
        card: {
          workspaceId,
          columnId: columnId.get(column)!,
          name: fill(template.name, who),
          description: fill(template.description, who),
          priority: random.pick(['low', 'medium', 'medium', 'high'] as const),
          dueAt:
            dueOffset === null
              ? null
              : new Date(workingDay(today, dueOffset).getTime() + 17 * HOUR),
          labels,
          checklist: template.checklist.map((text, item) => ({
            id: `c${item + 1}`,
            text,
            done: item < doneUpTo,
          })),
          position: keys[i]!,
          createdBy: assignees[0]!,
          createdAt,
          updatedAt: new Date(createdAt.getTime() + commentCount * DAY),
        },
        assignees,
        comments,
      });
    }
  });
  const cardRows = await db
    .insert(kanbanCards)
    .values(cards.map((c) => c.card))
    .returning({ id: kanbanCards.id, createdAt: kanbanCards.createdAt });
  const assigneeRows = cards.flatMap((c, i) =>
    c.assignees.map((userId) => ({ cardId: cardRows[i]!.id, userId })),
  );
  if (assigneeRows.length > 0) await db.insert(kanbanCardAssignees).values(assigneeRows);
  const commentRows = cards.flatMap((c, i) =>
    c.comments.map((comment, n) => ({
      cardId: cardRows[i]!.id,
      authorId: comment.author,
      body: comment.body,
      createdAt: new Date(cardRows[i]!.createdAt.getTime() + (n + 1) * DAY),
    })),
  );
  if (commentRows.length > 0) await db.insert(kanbanComments).values(commentRows);

  // The calendar: meetings on working days from two weeks back to three weeks ahead.
  type Event = typeof calendarEvents.$inferInsert;
  const events: { event: Event; attendees: string[] }[] = [];
  const created = new Date(today.getTime() - 21 * DAY);
  const days = new Set<number>();
  for (let day = -10; day <= 15; day += 1) {
    const date = workingDay(today, day);
    // On a weekend, today and the next working day are the same Monday.
    if (days.has(date.getTime())) continue;
    days.add(date.getTime());
    const meetings = 1 + random.int(2);
    const usedHours = new Set<number>();
    for (let m = 0; m < meetings; m += 1) {
      const who = contact(next);
      next += 1;
      const kind = random.pick(MEETINGS);
      let hour = 8 + random.int(8);
      while (usedHours.has(hour)) hour = 8 + ((hour - 7) % 8);
      usedHours.add(hour);
      const start = new Date(date.getTime() + hour * HOUR);
      const attendees = random
        .sample(members, 1 + random.int(Math.min(2, members.length)))
        .map((x) => x.id);
      events.push({
        event: {
          workspaceId,
          title: fill(kind.title, who),
          description: `With ${who.firstName} ${who.lastName} <${who.email}>.`,
          color: kind.color,
          allDay: false,
          startAt: start,
          endAt: new Date(start.getTime() + kind.hours * HOUR),
          location: kind.title.startsWith('Lunch') ? who.city : 'Video call',
          createdBy: attendees[0]!,
          createdAt: created,
          updatedAt: created,
        },
        attendees,
      });
    }
  }
  const allDay = (title: string, from: number, days: number, color: string): void => {
    const start = workingDay(today, from);
    events.push({
      event: {
        workspaceId,
        title,
        description: '',
        color,
        allDay: true,
        startAt: start,
        endAt: new Date(start.getTime() + days * DAY),
        location: '',
        createdBy: members[0]!.id,
        createdAt: created,
        updatedAt: created,
      },
      attendees: members.map((m) => m.id),
    });
  };
  allDay('Quarterly pipeline review', -4, 1, '#637381');
  allDay('SaaS Connect (conference)', 6, 2, '#8E33FF');
  allDay('Team offsite', 12, 1, '#00A76F');
  const eventRows = await db
    .insert(calendarEvents)
    .values(events.map((e) => e.event))
    .returning({ id: calendarEvents.id });
  await db
    .insert(calendarEventAttendees)
    .values(
      events.flatMap((e, i) =>
        e.attendees.map((userId) => ({ eventId: eventRows[i]!.id, userId })),
      ),
    );
  return { cards: cardRows.length, events: eventRows.length };
}
