import { describe, expect, it } from 'vitest';
import { readReturnDate } from './conversations.dates.ts';

// The return day of an out-of-office reply, in the five languages of the product. Every message
// arrives on Monday 2 June 2025; relative dates are read from there.
const monday = new Date('2025-06-02T09:00:00Z');

describe('the return date of an absence', () => {
  it('reads English: a "back on" date wins over the last day away', () => {
    expect(
      readReturnDate(
        'I am out of the office until Friday 13 June with no access to e-mail. I will return on Monday 16 June.',
        monday,
      ),
    ).toBe('2025-06-16');
    expect(readReturnDate('Away until June 20th.', monday)).toBe('2025-06-20');
    expect(readReturnDate("I'm on leave and back in the office on 06/23/2025.", monday)).toBe(
      '2025-06-23',
    );
  });

  it('reads relative English dates from the day the reply arrived', () => {
    expect(readReturnDate("I'm travelling; back next Monday.", monday)).toBe('2025-06-09');
    expect(readReturnDate('Out until tomorrow.', monday)).toBe('2025-06-03');
  });

  it('reads French', () => {
    expect(
      readReturnDate(
        "Je suis absente du bureau jusqu'au vendredi 20 juin 2025 inclus. Je serai de retour le lundi 23 juin.",
        monday,
      ),
    ).toBe('2025-06-23');
    expect(readReturnDate('En congés, retour le 1er juillet.', monday)).toBe('2025-07-01');
  });

  it('reads Vietnamese', () => {
    expect(
      readReturnDate('Tôi đang nghỉ phép và sẽ quay lại vào ngày 18 tháng 6 năm 2025.', monday),
    ).toBe('2025-06-18');
    expect(readReturnDate('Tôi vắng mặt đến ngày 25/6.', monday)).toBe('2025-06-25');
  });

  it('reads Chinese', () => {
    expect(readReturnDate('我正在休假，6月19日返回办公室。', monday)).toBe('2025-06-19');
    expect(readReturnDate('我将于2025年7月3日回来上班。', monday)).toBe('2025-07-03');
  });

  it('reads Arabic', () => {
    expect(readReturnDate('أنا خارج المكتب حتى 20 يونيو 2025، وسأعود يوم 22 يونيو.', monday)).toBe(
      '2025-06-22',
    );
    expect(readReturnDate('في إجازة حتى 30 يونيو.', monday)).toBe('2025-06-30');
  });

  it('has no date when none is named, or only past ones', () => {
    expect(readReturnDate('I am out of the office with limited access to e-mail.', monday)).toBe(
      null,
    );
    expect(readReturnDate('I was away on 12 May 2025.', monday)).toBe(null);
    expect(readReturnDate('', monday)).toBe(null);
  });
});
