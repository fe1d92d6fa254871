import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeForSearch, searchTerms } from './search.ts';

describe('FAQ search', () => {
  it('ignores case, accents and Arabic vowel marks', () => {
    expect(normalizeForSearch('Déploiement  RAPIDE')).toBe('deploiement rapide');
    expect(normalizeForSearch('Sao lưu dữ liệu')).toBe('sao luu du lieu');
    expect(normalizeForSearch('Đăng nhập')).toBe('dang nhap');
    expect(normalizeForSearch('نُسخ')).toBe('نسخ');
  });

  it('needs every word of the query somewhere in the texts', () => {
    const texts = ['How do I back up my data?', 'Copy the DATA_DIR folder after a clean stop.'];
    expect(matchesSearch(texts, searchTerms('backup'))).toBe(false);
    expect(matchesSearch(texts, searchTerms('back up'))).toBe(true);
    expect(matchesSearch(texts, searchTerms('data_dir STOP'))).toBe(true);
    expect(matchesSearch(texts, searchTerms('data smtp'))).toBe(false);
    expect(matchesSearch(texts, searchTerms('   '))).toBe(true);
  });

  it('finds Chinese text without spaces', () => {
    expect(matchesSearch(['如何备份数据？'], searchTerms('备份'))).toBe(true);
    expect(matchesSearch(['如何备份数据？'], searchTerms('邮件'))).toBe(false);
  });
});
