import { describe, expect, it } from 'vitest';
import { anchorOf, filterFaq, groupByCategory, highlightParts, pageOf, paragraphsOf, type FaqGroup } from '@/lib/workspace/help-centre';

const GROUPS: FaqGroup[] = [
  {
    slug: 'account',
    title: 'Konto',
    subtitle: '',
    qandA: [
      { question: 'Wie ändere ich mein Passwort?', ans: 'Unter Konto → Sicherheit.' },
      { question: 'Wer sieht meine Daten?', ans: 'Nur Ihr Team.' },
    ],
  },
  { slug: 'reports', title: 'Berichte', subtitle: '', qandA: [{ question: 'Wie exportiere ich?', ans: 'Mit dem Knopf „Exportieren“.' }] },
];

describe('filterFaq', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(filterFaq(GROUPS, '  ')).toEqual(GROUPS);
  });
  it('matches the question or the answer case-insensitively, also beyond ASCII, and drops groups without a match', () => {
    expect(filterFaq(GROUPS, 'PASSWORT')).toEqual([{ ...GROUPS[0], qandA: [GROUPS[0]!.qandA[0]] }]);
    expect(filterFaq(GROUPS, 'ändere').map((g) => g.slug)).toEqual(['account']);
    expect(filterFaq(GROUPS, 'exportieren').map((g) => g.slug)).toEqual(['reports']);
    expect(filterFaq(GROUPS, 'xyz')).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('cuts the text into matching and other runs, keeping the original case', () => {
    expect(highlightParts('Passwort und passwort', 'PASS')).toEqual([
      { text: 'Pass', match: true },
      { text: 'wort und ', match: false },
      { text: 'pass', match: true },
      { text: 'wort', match: false },
    ]);
  });
  it('gives the whole text unmarked for an empty query or no match', () => {
    expect(highlightParts('Abc', '')).toEqual([{ text: 'Abc', match: false }]);
    expect(highlightParts('Abc', 'x')).toEqual([{ text: 'Abc', match: false }]);
  });
});

describe('groupByCategory and anchorOf', () => {
  it('groups in order of first appearance', () => {
    const items = [
      { category: 'B', n: 1 },
      { category: 'A', n: 2 },
      { category: 'B', n: 3 },
    ];
    expect(groupByCategory(items)).toEqual([
      { category: 'B', items: [items[0], items[2]] },
      { category: 'A', items: [items[1]] },
    ]);
  });
  it('makes URL-safe anchors', () => {
    expect(anchorOf('Premiers pas & Sécurité')).toBe('premiers-pas-securite');
    expect(anchorOf('!!')).toBe('section');
  });
});

describe('paragraphsOf', () => {
  it('reads stored paragraphs as text with entities decoded', () => {
    expect(paragraphsOf('<p>One &amp; two</p><p></p><p>a &lt;b&gt;</p>')).toEqual(['One & two', 'a <b>']);
  });
});

describe('pageOf', () => {
  it('slices a page and clamps past the last page', () => {
    const items = [1, 2, 3, 4, 5];
    expect(pageOf(items, 2, 2)).toEqual({ items: [3, 4], page: 2, pageCount: 3, total: 5 });
    expect(pageOf(items, 9, 2)).toEqual({ items: [5], page: 3, pageCount: 3, total: 5 });
    expect(pageOf([], 1, 2)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});
