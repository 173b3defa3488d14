import { sliceWhole, wellFormed } from './text';

describe('sliceWhole', () => {
  it('when the cut falls inside an emoji, then the emoji is left out whole', () => {
    const text = 'ab😀cd';
    expect(sliceWhole(text, 3)).toBe('ab');
    expect(sliceWhole(text, 4)).toBe('ab😀');
    expect(sliceWhole('😀'.repeat(500), 159)).toBe('😀'.repeat(79));
  });

  it('when the text is short enough, then it is answered as it is', () => {
    expect(sliceWhole('short', 10)).toBe('short');
  });
});

describe('wellFormed', () => {
  it('when a surrogate stands alone, then it becomes U+FFFD and pairs are kept', () => {
    expect(wellFormed('a\uD83Db')).toBe('a\uFFFDb');
    expect(wellFormed('x\uDFFFy')).toBe('x\uFFFDy');
    expect(wellFormed('😀\uD83D')).toBe('😀\uFFFD');
    expect(wellFormed('plain 😀')).toBe('plain 😀');
  });
});
