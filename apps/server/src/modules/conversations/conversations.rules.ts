import type { ConversationCategory } from '@beacon/contract';
import { readReturnDate } from './conversations.dates.ts';

/**
 * The rules that sort a reply into a conversation category (docs/decisions/061-conversations.md).
 * Pure functions of the message: its headers that mark automatic mail (RFC 3834 `Auto-Submitted`,
 * Microsoft's `X-Auto-Response-Suppress`, the older `Precedence` and `X-Autoreply`), its subject
 * and the words of the reply itself (the quoted message it answers is cut off first, so a
 * footer's "unsubscribe" in our own quoted mail never counts). Words are matched in the five
 * languages of the product (en, fr, vi, zh, ar). The first rule that holds decides.
 */

/** The headers the rules read, lower-cased names; values as the message has them. */
export type ReplyHeaders = {
  'auto-submitted'?: string;
  'x-auto-response-suppress'?: string;
  precedence?: string;
  'x-autoreply'?: string;
  'x-autorespond'?: string;
  'x-failed-recipients'?: string;
};

export type ReplyFacts = {
  subject: string;
  /** The message's plain text (quoted parts are cut here). */
  text: string;
  /** The sender's address, lower-cased. */
  from: string;
  headers: ReplyHeaders;
  /** A delivery status notification with at least one failed recipient. */
  failedDelivery: boolean;
  /** When it arrived: relative dates ("next Monday") are read from here. */
  receivedAt: Date;
};

export type Classification = {
  category: ConversationCategory;
  /** Which rule decided (shown to the seller as the reason; stable names for tests). */
  rule: string;
  /** Out of office: the day the person said they are back (YYYY-MM-DD), when they said it. */
  returnDate: string | null;
};

// ---- Quoted text --------------------------------------------------------------------------------

/** Lines that open the quoted message in the common mail programs, in the five languages. */
const quoteOpeners: RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On Mon, 3 Jun 2024 at 10:00, Ann <a@b> wrote:"
  /^\s*On\b.{0,200}\bwrote:\s*$/i,
  // French Gmail and Outlook: "Le lun. 3 juin 2024 à 10:00, Ann <a@b> a écrit :"
  /^\s*Le\b.{0,200}\ba écrit\s*:\s*$/i,
  // Vietnamese Gmail: "Vào Th 2, 3 thg 6, 2024 lúc 10:00 Ann <a@b> đã viết:"
  /^\s*Vào\s.{0,200}\sđã viết\s*:\s*$/i,
  // Chinese Gmail: "Ann <a@b> 于2024年6月3日周一 10:00写道："
  /.{0,200}写道\s*[:：]\s*$/,
  // Arabic Gmail: "في الاثنين، 3 يونيو 2024 في 10:00 ص كتب Ann <a@b>:"
  /^\s*في\s.{0,200}كتب.{0,200}[:：]\s*$/,
  // Outlook: "-----Original Message-----", "----- Message d'origine -----", "-----原始邮件-----"
  /^\s*-{2,}\s*(Original Message|Message d'origine|Tin nhắn gốc|原始邮件|الرسالة الأصلية)\s*-{2,}\s*$/i,
  // Outlook's header block: "From: …" (and its translations) at the start of a line after a rule.
  /^\s*(From|De|Từ|发件人|من)\s*[:：]\s.+$/i,
  /^\s*_{10,}\s*$/,
];

/**
 * The part of a reply the person wrote: everything before the first line that opens the quoted
 * message, without `>` quoted lines.
 */
export function replyPart(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    if (quoteOpeners.some((opener) => opener.test(line))) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

// ---- Words --------------------------------------------------------------------------------------

/** Lower-cased, accents kept (French and Vietnamese need them), runs of space made one. */
const normal = (value: string) => value.toLowerCase().replace(/\s+/g, ' ');

const anyOf = (patterns: readonly RegExp[], text: string) => patterns.some((p) => p.test(text));

/** A bounce's sender and subject (for reports that are not multipart/report). */
const bounceSenders = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@/i;
const bounceSubjects = [
  /undeliver(ed|able)/i,
  /delivery (status notification \(failure\)|has failed|failure)/i,
  /mail delivery (failed|subsystem)/i,
  /returned mail/i,
  /non remis|non distribuable|échec de (la )?remise/i,
  /không gửi được|thư bị trả lại/i,
  /退信|无法投递|投递失败/,
  /تعذر التسليم|لم يتم التسليم/,
];

/** Subjects mail programs give automatic replies. */
const autoReplySubjects = [
  /^\s*(automatic reply|auto(matic)?[- ]?(reply|response)|out of (the )?office|autoreply|away)\s*[:：-]/i,
  /^\s*(réponse automatique|absence du bureau|absent|message d'absence)\s*[:：-]/i,
  /^\s*(trả lời tự động|vắng mặt|thư trả lời tự động)\s*[:：-]/i,
  /^\s*(自动回复|自動回覆|不在办公室|休假)\s*[:：-]?/,
  /^\s*(رد تلقائي|الرد التلقائي|خارج المكتب)\s*[:：-]?/,
];

/** Words of someone away: out of office, on leave, on holiday. */
const awayWords = [
  /\bout of (the )?office\b/,
  /\b(i am|i'm|i will be|i'll be|currently) (away|out|on (annual |parental |maternity |paternity |sick )?leave|on (vacation|holiday)|travell?ing|off)\b/,
  /\bon (vacation|holiday|annual leave|parental leave|maternity leave|paternity leave)\b/,
  /\blimited access to (my )?e-?mail\b/,
  /\bback (in|at) (the )?office\b/,
  /\babsente? (du bureau|jusqu|du \d|à partir|pour)/,
  /\ben (congé|vacances|déplacement)/,
  /\bhors du bureau\b/,
  /\bde retour (le|à partir|au bureau)\b/,
  /vắng mặt|nghỉ phép|đi công tác|không có mặt tại văn phòng|đang nghỉ/,
  /不在办公室|休假|外出|出差|年假|不在公司/,
  /خارج المكتب|في إجازة|إجازة|غائب|في سفر/,
];

/** Asking to hear no more: unsubscribe, remove me, stop. */
const unsubscribeWords = [
  /\bunsubscribe\b/,
  /\b(remove|take) me (off|from)\b/,
  /\bopt(ing)?[- ]?out\b/,
  /\b(stop|quit) (e-?mailing|sending|contacting|writing to) me\b/,
  /\b(do not|don't|dont|never) (e-?mail|contact|write to) me\b/,
  /\bno (more|further) e-?mails?\b/,
  /\bdelete my (e-?mail|address|data)\b/,
  /\bdésabonne|\bdésinscri|\bretirez[- ]moi\b|\bne (plus|pas) (me contacter|m'écrire|me relancer)\b|\bne plus recevoir\b/,
  /\bsupprimez[- ]moi\b|\barrêtez de m'(écrire|envoyer)\b/,
  /hủy đăng ký|huỷ đăng ký|ngừng gửi|đừng gửi|không muốn nhận|xóa tôi khỏi|xoá tôi khỏi|đừng liên hệ/,
  /退订|取消订阅|不要再(发|给我发|联系)|别再(发|联系)|停止发送|请勿再/,
  /إلغاء الاشتراك|الغاء الاشتراك|أزلني|ازلني|توقفوا عن (مراسلتي|إرسال)|لا ترسلوا|لا تراسلني|لا تتصلوا بي/,
];

/** A clear refusal: not interested. Keeps "interested" from matching inside it. */
const declineWords = [
  /\b(not|no longer|isn't|aren't|wouldn't be) (really )?interested\b/,
  /\bno,? thanks?( you)?\b/,
  /\bpas (du tout )?intéress|\bne (sommes|suis) pas intéress|\bnon merci\b/,
  /không quan tâm|không có nhu cầu|không cần/,
  /不感兴趣|没有兴趣|没兴趣|不需要/,
  /غير مهتم|لسنا مهتمين|لست مهتما|لا نحتاج|لا شكرا/,
];

/** Not now: later, another quarter, no budget yet. */
const notNowWords = [
  /\bnot (right )?now\b/,
  /\bnot (at )?(the|this) (moment|time)\b/,
  /\bnot a (priority|good time)\b/,
  /\b(maybe|perhaps|possibly) (later|next (year|quarter|month))\b/,
  /\b(reach|circle|check|get) (back|out)( to me| with me| in touch)? (in|next|after|later)\b/,
  /\b(next|in a few|in \d+|in (two|three|six)) (quarter|months?|weeks?|year)\b/,
  /\bno budget\b|\bbudget (is )?(frozen|closed)\b|\bbad timing\b|\btiming (is|isn't) (not )?(right|great)\b/,
  /\bpas (maintenant|pour (le moment|l'instant)|le (bon )?moment)\b/,
  /\bplus tard\b|\bl'année prochaine\b|\ble trimestre prochain\b|\bdans (quelques|\d+) mois\b|\bpas de budget\b/,
  /để sau|chưa phải lúc|hiện tại chưa|lúc khác|năm sau|quý sau|vài tháng nữa|chưa có ngân sách/,
  /以后再说|暂时不需要|现在不是时候|目前不需要|明年再|下个季度|过几个月|暂时没有预算/,
  /ليس الآن|ليس الان|لاحقا|لاحقاً|في وقت لاحق|العام المقبل|الربع القادم|بعد بضعة أشهر|لا توجد ميزانية/,
];

/** Interested: yes, tell me more, let us talk, send the pricing. */
const interestedWords = [
  /\binterested\b/,
  /\bsounds (good|great|interesting)\b/,
  /\blet'?s (talk|chat|meet|schedule|set up|book|do it)\b/,
  /\b(book|schedule|set up|arrange) (a|an|the) (call|meeting|demo|time)\b/,
  /\b(tell|send|show) me more\b/,
  /\b(send|share) (me |us )?(the |your )?(pricing|prices|deck|proposal|details|information)\b/,
  /\bhow much\b|\bwhat (does it|would it) cost\b/,
  /\bwhat time works\b|\bwhen (are|would) you (be )?(available|free)\b|\bare you (available|free)\b/,
  /\b(happy|glad|keen) to (talk|chat|meet|learn|hear|discuss)\b/,
  /\bintéress|\bça m'intéresse|\bvolontiers\b|\bparlons-en\b|\bprenons (un )?rendez-vous\b|\benvoyez[- ]moi\b/,
  /quan tâm|muốn tìm hiểu|đặt lịch|hẹn gặp|gửi (cho )?tôi (thêm )?thông tin|báo giá/,
  /感兴趣|有兴趣|约个时间|安排(一个)?(会议|通话|演示)|发(给我)?(一下)?报价|详细(介绍|信息)/,
  /مهتم|مهتمون|يسعدني|نود معرفة المزيد|أرسل (لي )?(المزيد|التفاصيل|الأسعار)|موعد/,
];

/** `Auto-Submitted`'s keyword, without RFC 5322 comments and parameters: `auto-replied`. */
const autoSubmitted = (headers: ReplyHeaders) =>
  normal(headers['auto-submitted'] ?? '')
    .replace(/\([^)]*\)/g, '')
    .split(';')[0]!
    .trim();

const autoHeaderRule = (headers: ReplyHeaders): string | null => {
  const auto = autoSubmitted(headers);
  // RFC 3834: anything but "no" is automatic; "auto-replied" is an automatic answer to a message.
  if (auto === 'auto-replied') return 'rfc3834_auto_replied';
  if (headers['x-autoreply'] || headers['x-autorespond']) return 'x_autoreply';
  const suppress = normal(headers['x-auto-response-suppress'] ?? '');
  // Outlook's automatic replies say "All" or list OOF: they must not be answered automatically.
  if (/\b(all|oof)\b/.test(suppress) && auto && auto !== 'no') return 'outlook_auto_reply';
  if (normal(headers.precedence ?? '').trim() === 'auto_reply') return 'precedence_auto_reply';
  return null;
};

/**
 * The category of a reply, by the first rule that holds: a failed delivery; an automatic reply
 * (its headers or subject; an absence's words); a request to unsubscribe; not now; interested;
 * else other. `auto-generated` mail that is not a reply (a notification) is `other`.
 */
export function classifyReply(facts: ReplyFacts): Classification {
  const subject = normal(facts.subject);
  const own = normal(replyPart(facts.text));
  const returnDate = () => readReturnDate(replyPart(facts.text), facts.receivedAt);

  if (facts.failedDelivery)
    return { category: 'bounce', rule: 'delivery_report', returnDate: null };
  if (
    (bounceSenders.test(facts.from) || facts.headers['x-failed-recipients']) &&
    anyOf(bounceSubjects, subject)
  ) {
    return { category: 'bounce', rule: 'bounce_message', returnDate: null };
  }

  const header = autoHeaderRule(facts.headers);
  if (header) return { category: 'out_of_office', rule: header, returnDate: returnDate() };
  if (anyOf(autoReplySubjects, facts.subject)) {
    return { category: 'out_of_office', rule: 'auto_reply_subject', returnDate: returnDate() };
  }

  if (
    anyOf(unsubscribeWords, own) ||
    /^\s*(unsubscribe|stop|remove|désabonner|退订|hủy)\s*$/i.test(subject)
  ) {
    return { category: 'unsubscribe', rule: 'unsubscribe_words', returnDate: null };
  }
  if (anyOf(awayWords, own)) {
    return { category: 'out_of_office', rule: 'away_words', returnDate: returnDate() };
  }
  if (anyOf(notNowWords, own))
    return { category: 'not_now', rule: 'not_now_words', returnDate: null };
  if (anyOf(declineWords, own)) return { category: 'other', rule: 'declined', returnDate: null };
  if (anyOf(interestedWords, own)) {
    return { category: 'interested', rule: 'interested_words', returnDate: null };
  }
  const auto = autoSubmitted(facts.headers);
  if (auto && auto !== 'no') return { category: 'other', rule: 'auto_generated', returnDate: null };
  return { category: 'other', rule: 'no_rule', returnDate: null };
}
