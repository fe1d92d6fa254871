/**
 * Threading's subject rules (docs/decisions/057-mail.md). Messages join by Message-ID,
 * In-Reply-To and References first; only when none of those finds a thread does a reply join the
 * latest thread of its mailbox with the same subject (without its Re:/Fwd: prefixes), and only a
 * reply: two different "Hello" messages never share a thread.
 */

/** Reply and forward prefixes of the common mail programs, in several languages. */
const prefix =
  /^\s*((re|fw|fwd|aw|wg|sv|vs|tr|rv|ref|réf|antw|doorst|odp|fs|res|enc|回复|答复|转发|返信|転送)\s*(\[\d+\]|\(\d+\))?\s*[:：]\s*|\[[^\]]{1,40}\]\s*)+/i;

/** The subject without its reply and forward prefixes (and list tags), lower-cased. */
export function subjectKey(subject: string): string {
  return subject.replace(prefix, '').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 500);
}

/** Whether the subject says it answers or forwards another message. */
export function isReplySubject(subject: string): boolean {
  return /^\s*(\[[^\]]{1,40}\]\s*)*(re|fw|fwd|aw|wg|sv|vs|tr|rv|ref|réf|antw|doorst|odp|fs|res|enc|回复|答复|转发|返信|転送)\s*(\[\d+\]|\(\d+\))?\s*[:：]/i.test(
    subject,
  );
}

/** How long after a thread's last message a reply may still join it by subject alone. */
export const SUBJECT_THREAD_DAYS = 60;
