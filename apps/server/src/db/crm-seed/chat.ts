import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { chatConversations, chatMessages, chatParticipants } from '../schema/index.ts';
import { createRandom } from './generate.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export type ChatMember = { id: string; firstName: string; lastName: string; email: string };

const SEED = 20_261_124;
const MINUTE = 60_000;

/** What the demo team says to each other, by topic; `{name}` is another member's first name. */
const LINES = [
  'Morning all! Pipeline review at 10, bring your top three deals.',
  'Just got off the phone with Contoso, they want a revised quote by Friday.',
  'Can someone check whether the Fabrikam renewal is in the forecast?',
  'I moved the Litware deal to Negotiation.',
  'Nice work on the Tailspin demo yesterday 👏',
  'Does anyone have the latest pricing sheet? https://example.com/pricing',
  'Sending the proposal draft now, comments welcome.',
  'The Adventure Works champion left the company, we need a new contact.',
  'Booked a discovery call with Northwind Traders for Tuesday.',
  'Quick reminder: update the close dates before the weekly sync.',
  '{name}, can you take the Woodgrove follow-up? I am out Thursday.',
  'Sure, on it.',
  'Thanks {name}!',
  'Call notes are in the deal timeline.',
  'Legal approved the MSA changes ✅',
  'Who owns the Proseware account now?',
  'I do since last week.',
  'Closed won: Blue Yonder, 24k ARR 🎉',
  'Heads up: the demo environment is slow today.',
  'Let me know if you need help with the import.',
  'Lunch? 🍜',
  'On my way.',
  'The customer asked for a security questionnaire, anyone filled one recently?',
  'Yes, I will send you last month’s answers.',
  'Q4 target is 80% covered, let’s push on the late-stage deals.',
  'Can we move our 1:1 to 3pm?',
  'Works for me.',
  'Great call, they are ready to sign next week.',
  'Adding the meeting to the shared calendar now.',
  'Trying a shorter subject line for the next sequence step.',
];

const MENTION_LINES = [
  '@{full} could you review the discount before it goes out?',
  '@{full} the customer asked for you by name 😄',
  '@{full} please confirm the renewal date.',
];

type Plan = { name: string; memberIdx: number[]; messages: number; unreadForFirst: number };

/**
 * Group and direct conversations between the demo members, a few hundred messages over the last
 * two weeks, with mentions, links and emoji, and a few messages the demo account has not read.
 */
export async function seedDemoChat(
  db: Executor,
  input: { workspaceId: string; members: ChatMember[]; now?: Date },
): Promise<void> {
  const { workspaceId, members } = input;
  if (members.length < 2) return;
  const random = createRandom(SEED);
  const end = (input.now ?? new Date()).getTime() - 5 * MINUTE;
  const all = members.map((_, i) => i);
  const plans: Plan[] = [
    { name: 'Sales team', memberIdx: all, messages: 140, unreadForFirst: 3 },
    { name: 'Q4 deals', memberIdx: all.slice(0, 3), messages: 80, unreadForFirst: 0 },
    { name: '', memberIdx: [0, 1], messages: 60, unreadForFirst: 2 },
    { name: '', memberIdx: [0, 2], messages: 50, unreadForFirst: 1 },
    { name: '', memberIdx: [1, 2], messages: 30, unreadForFirst: 0 },
    { name: '', memberIdx: [0, 3], messages: 20, unreadForFirst: 0 },
  ].filter((p) => p.memberIdx.every((i) => i < members.length));

  for (const plan of plans) {
    const people = plan.memberIdx.map((i) => members[i]!);
    const group = plan.name !== '';
    const [conversation] = await db
      .insert(chatConversations)
      .values({
        workspaceId,
        type: group ? 'group' : 'direct',
        name: plan.name,
        directKey: group
          ? null
          : people
              .map((p) => p.id)
              .sort()
              .join(':'),
        createdBy: people[0]!.id,
        lastSeq: plan.messages,
        createdAt: new Date(end - 14 * 24 * 60 * MINUTE),
        updatedAt: new Date(end),
      })
      .returning({ id: chatConversations.id });
    const conversationId = conversation!.id;

    // Times from two weeks ago to now, in order, bunched into working hours' bursts.
    let at = end - 14 * 24 * 60 * MINUTE;
    const step = (end - at) / plan.messages;
    const rows = [];
    let previous = people[0]!;
    for (let seq = 1; seq <= plan.messages; seq++) {
      at += step * (0.2 + random.next() * 1.6);
      at = Math.min(at, end - (plan.messages - seq) * MINUTE);
      const sender = random.next() < 0.35 ? previous : people[random.int(people.length)]!;
      previous = sender;
      const other = people.find((p) => p.id !== sender.id) ?? sender;
      let body: string;
      let mentionIds: string[] = [];
      if (group && random.next() < 0.06) {
        body = random.pick(MENTION_LINES).replace('{full}', `${other.firstName} ${other.lastName}`);
        mentionIds = [other.id];
      } else {
        body = random.pick(LINES).replace('{name}', other.firstName);
      }
      rows.push({
        workspaceId,
        conversationId,
        seq,
        senderId: sender.id,
        body,
        mentionIds,
        createdAt: new Date(at),
      });
    }
    // The newest messages that the demo account has not read are from others.
    for (let i = 0; i < plan.unreadForFirst; i++) {
      const row = rows[rows.length - 1 - i]!;
      row.senderId = people[1 + (i % (people.length - 1))]!.id;
    }
    for (let i = 0; i < rows.length; i += 200) {
      await db.insert(chatMessages).values(rows.slice(i, i + 200));
    }
    await db.insert(chatParticipants).values(
      people.map((p, i) => ({
        conversationId,
        userId: p.id,
        workspaceId,
        // The demo account has a few unread; the others read all but the last one or two.
        lastReadSeq: i === 0 ? plan.messages - plan.unreadForFirst : plan.messages - random.int(3),
        joinedAt: new Date(end - 14 * 24 * 60 * MINUTE),
      })),
    );
  }
  // Mentions of the demo account in the demo's history raise no old notifications; the planner
  // learns the new rows.
  await db.execute(sql`analyze chat_messages`);
}
