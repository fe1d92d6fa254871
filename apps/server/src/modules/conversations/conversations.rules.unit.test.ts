import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../mail/mail.parse.ts';
import { classifyReply, replyPart, type ReplyFacts } from './conversations.rules.ts';

// The rules that sort replies, with auto-replies as real mail programs write them (fixtures under
// test/fixtures/mail/replies: Gmail's vacation responder, Outlook's automatic reply in English and
// French with Auto-Submitted and X-Auto-Response-Suppress, a Sieve (RFC 3834) vacation in
// Vietnamese, Chinese and Arabic auto-replies) and people's own replies in the five languages.

const received = new Date('2025-06-02T09:00:00Z');
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/mail/replies/${name}`, import.meta.url));

async function factsOf(name: string): Promise<ReplyFacts> {
  const parsed = await parseMessage(fixture(name));
  return {
    subject: parsed.subject,
    text: parsed.text,
    from: parsed.from.address,
    headers: parsed.autoHeaders,
    failedDelivery: (parsed.deliveryStatus ?? []).some((d) => d.action === 'failed'),
    receivedAt: received,
  };
}

const reply = (
  text: string,
  subject = 'Re: Beacon for your team',
  extra: Partial<ReplyFacts> = {},
) =>
  classifyReply({
    subject,
    text,
    from: 'someone@client.test',
    headers: {},
    failedDelivery: false,
    receivedAt: received,
    ...extra,
  });

describe('automatic replies from real mail programs', () => {
  it("Gmail's vacation responder: Auto-Submitted auto-replied, back on June 16", async () => {
    const facts = await factsOf('gmail-vacation.eml');
    expect(facts.headers['auto-submitted']).toBe('auto-replied');
    expect(classifyReply(facts)).toEqual({
      category: 'out_of_office',
      rule: 'rfc3834_auto_replied',
      returnDate: '2025-06-16',
    });
  });

  it("Outlook's automatic reply: X-Auto-Response-Suppress with Auto-Submitted", async () => {
    const facts = await factsOf('outlook-automatic-reply.eml');
    expect(facts.headers['x-auto-response-suppress']).toBe('All');
    expect(classifyReply(facts)).toEqual({
      category: 'out_of_office',
      rule: 'outlook_auto_reply',
      returnDate: '2025-06-16',
    });
  });

  it("Outlook's French automatic reply (ISO-8859-1)", async () => {
    const facts = await factsOf('outlook-reponse-automatique.eml');
    // Outlook writes a no-break space before the colon in French.
    expect(facts.subject).toBe('Réponse automatique\u00a0: Votre offre Beacon');
    expect(classifyReply(facts)).toMatchObject({
      category: 'out_of_office',
      returnDate: '2025-06-23',
    });
  });

  it('a Sieve vacation (RFC 3834, a comment in the header) in Vietnamese', async () => {
    const facts = await factsOf('sieve-vacation-vi.eml');
    expect(classifyReply(facts)).toEqual({
      category: 'out_of_office',
      rule: 'rfc3834_auto_replied',
      returnDate: '2025-06-18',
    });
  });

  it('Chinese and Arabic automatic replies', async () => {
    expect(classifyReply(await factsOf('auto-reply-zh.eml'))).toMatchObject({
      category: 'out_of_office',
      returnDate: '2025-06-19',
    });
    expect(classifyReply(await factsOf('auto-reply-ar.eml'))).toMatchObject({
      category: 'out_of_office',
      returnDate: '2025-06-22',
    });
  });

  it('a delivery status notification is a bounce', async () => {
    const parsed = await parseMessage(
      readFileSync(new URL('../../../test/fixtures/mail/dsn-bounce.eml', import.meta.url)),
    );
    const facts: ReplyFacts = {
      subject: parsed.subject,
      text: parsed.text,
      from: parsed.from.address,
      headers: parsed.autoHeaders,
      failedDelivery: (parsed.deliveryStatus ?? []).some((d) => d.action === 'failed'),
      receivedAt: received,
    };
    expect(classifyReply(facts)).toMatchObject({ category: 'bounce', rule: 'delivery_report' });
    // Without its report part, the sender and the subject still say so.
    expect(classifyReply({ ...facts, failedDelivery: false })).toMatchObject({
      category: 'bounce',
      rule: 'bounce_message',
    });
  });
});

describe('the headers of automatic mail', () => {
  it('Auto-Submitted: no is a person writing', () => {
    expect(
      reply("Sounds good, let's talk on Thursday.", 'Re: Demo', {
        headers: { 'auto-submitted': 'no' },
      }),
    ).toMatchObject({ category: 'interested' });
  });
  it('X-Autoreply and Precedence: auto_reply are automatic replies', () => {
    expect(
      reply('Thank you for your e-mail.', 'Re: x', { headers: { 'x-autoreply': 'yes' } }).category,
    ).toBe('out_of_office');
    expect(reply('Thank you.', 'Re: x', { headers: { precedence: 'auto_reply' } }).rule).toBe(
      'precedence_auto_reply',
    );
  });
  it('an automatic subject without headers', () => {
    expect(reply('I will answer when I am back.', 'Automatic reply: Demo').rule).toBe(
      'auto_reply_subject',
    );
    expect(reply('Merci.', 'Réponse automatique : Démo').category).toBe('out_of_office');
    expect(reply('Cảm ơn.', 'Trả lời tự động: Demo').category).toBe('out_of_office');
    expect(reply('谢谢', '自动回复：演示').category).toBe('out_of_office');
    expect(reply('شكرا', 'رد تلقائي: عرض').category).toBe('out_of_office');
  });
  it('auto-generated mail that is no reply (a notification) is other', () => {
    expect(
      reply('Your ticket #123 was created.', 'Ticket created', {
        headers: { 'auto-submitted': 'auto-generated' },
      }),
    ).toEqual({ category: 'other', rule: 'auto_generated', returnDate: null });
  });
});

describe("people's replies", () => {
  it('interested, in five languages', () => {
    for (const text of [
      'Thanks Ann, this sounds interesting. Can we book a call on Thursday?',
      "Yes, I'd be interested. Send me the pricing.",
      'Merci, ça nous intéresse. Prenons rendez-vous la semaine prochaine ?',
      'Chúng tôi rất quan tâm, vui lòng gửi báo giá.',
      '我们很感兴趣，能约个时间演示一下吗？',
      'نحن مهتمون، هل يمكن تحديد موعد للعرض؟',
    ]) {
      expect(reply(text).category, text).toBe('interested');
    }
  });

  it('not now, in five languages', () => {
    for (const text of [
      'Not right now, we are busy with a migration. Reach out in Q4?',
      "It's not a priority this quarter. Maybe next year.",
      'Pas pour le moment, recontactez-moi dans quelques mois.',
      'Hiện tại chưa cần, để sau nhé.',
      '现在不是时候，以后再说吧。',
      'ليس الآن، تواصل معي لاحقاً.',
    ]) {
      expect(reply(text).category, text).toBe('not_now');
    }
  });

  it('unsubscribe requests, in five languages', () => {
    for (const text of [
      'Please unsubscribe me.',
      'Remove me from your list.',
      "Stop emailing me, I'm not interested.",
      'Merci de me désabonner de vos envois.',
      'Vui lòng hủy đăng ký cho tôi.',
      '请退订，不要再发邮件给我。',
      'يرجى إلغاء الاشتراك.',
    ]) {
      expect(reply(text).category, text).toBe('unsubscribe');
    }
    expect(reply('', 'Unsubscribe').category).toBe('unsubscribe');
  });

  it('a refusal is not interest', () => {
    expect(reply("We're not interested, thanks.")).toEqual({
      category: 'other',
      rule: 'declined',
      returnDate: null,
    });
    expect(reply('Nous ne sommes pas intéressés.').category).toBe('other');
    expect(reply('我们不感兴趣。').category).toBe('other');
  });

  it('a person away writes it by hand: out of office with the date', () => {
    expect(reply("I'm on vacation until June 20, let's talk when I'm back.")).toEqual({
      category: 'out_of_office',
      rule: 'away_words',
      returnDate: '2025-06-20',
    });
  });

  it('anything else is other', () => {
    expect(reply('Who is this?')).toEqual({ category: 'other', rule: 'no_rule', returnDate: null });
  });
});

describe('the quoted message is not the reply', () => {
  const quoted = [
    'Thanks, who else uses it?',
    '',
    'On Mon, 2 Jun 2025 at 10:00, Ann <ann@sales.example.test> wrote:',
    '> Interested in a demo? To unsubscribe, reply STOP.',
  ].join('\n');

  it("cuts Gmail's quote: the footer's words do not count", () => {
    expect(replyPart(quoted)).toBe('Thanks, who else uses it?');
    expect(reply(quoted).category).toBe('other');
  });

  it('cuts French, Vietnamese, Chinese and Arabic quote lines and Outlook blocks', () => {
    for (const opener of [
      'Le lun. 2 juin 2025 à 10:00, Ann <ann@x.test> a écrit :',
      'Vào Th 2, 2 thg 6, 2025 lúc 10:00 Ann <ann@x.test> đã viết:',
      'Ann <ann@x.test> 于2025年6月2日周一 10:00写道：',
      'في الاثنين، 2 يونيو 2025 في 10:00 ص كتب Ann <ann@x.test>:',
      '-----Original Message-----',
      'From: Ann <ann@x.test>',
    ]) {
      expect(replyPart(`Merci.\n\n${opener}\nPlease unsubscribe here.`), opener).toBe('Merci.');
    }
  });
});
