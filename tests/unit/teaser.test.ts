import { describe, expect, it } from 'vitest';
import { splitSentences, teaser } from '../../src/page-helpers/teaser';

describe('splitSentences', () => {
  it('returns no sentences for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   \n ')).toEqual([]);
  });

  it('splits on full stops, question marks and exclamation marks', () => {
    expect(splitSentences('One here. Two there? Three now! Four.')).toEqual([
      'One here.',
      'Two there?',
      'Three now!',
      'Four.',
    ]);
  });

  it('keeps a last sentence that has no closing punctuation', () => {
    expect(splitSentences('First one. And a trailing clause')).toEqual([
      'First one.',
      'And a trailing clause',
    ]);
  });

  it('never splits a decimal number', () => {
    expect(splitSentences('Output rose 3.5 times. Costs fell by 12.75 per cent.')).toEqual([
      'Output rose 3.5 times.',
      'Costs fell by 12.75 per cent.',
    ]);
  });

  it('does not end a sentence at a known abbreviation', () => {
    expect(
      splitSentences('Ask Dr. Nair about it. Use waste, e.g. Food scraps. Pay Rs. 500 now.'),
    ).toEqual(['Ask Dr. Nair about it.', 'Use waste, e.g. Food scraps.', 'Pay Rs. 500 now.']);
  });

  it('does not end a sentence before a lower-case word', () => {
    expect(splitSentences('Plants, i.e. reed beds, clean it. Done.')).toEqual([
      'Plants, i.e. reed beds, clean it.',
      'Done.',
    ]);
    expect(splitSentences('Wait... then go. Next.')).toEqual(['Wait... then go.', 'Next.']);
  });

  it('ends a sentence at an ellipsis before a capital letter', () => {
    expect(splitSentences('It grew... Then it stopped… And so on.')).toEqual([
      'It grew...',
      'Then it stopped…',
      'And so on.',
    ]);
  });

  it('does not split at a single initial', () => {
    expect(splitSentences('Designed by J. Thomas in Kochi. Built later.')).toEqual([
      'Designed by J. Thomas in Kochi.',
      'Built later.',
    ]);
  });

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(splitSentences('He said "Go." Then (after a while.) She left!')).toEqual([
      'He said "Go."',
      'Then (after a while.)',
      'She left!',
    ]);
  });

  it('ends a sentence at "etc." before a capital letter but not before a lower-case word', () => {
    expect(splitSentences('Solar, wind, etc. Each is costed. Also etc. and more.')).toEqual([
      'Solar, wind, etc.',
      'Each is costed.',
      'Also etc. and more.',
    ]);
  });
});

describe('teaser (a service item description, shortened)', () => {
  it('returns empty text unchanged', () => {
    expect(teaser('')).toBe('');
  });

  it('returns one sentence unchanged', () => {
    expect(teaser('Only one sentence here.')).toBe('Only one sentence here.');
  });

  it('returns exactly two sentences unchanged, nothing cut', () => {
    const text = 'First sentence is long enough. Second sentence is also here.';
    expect(teaser(text)).toBe(text);
  });

  it('returns three sentences unchanged', () => {
    const text = 'One is here. Two is here. Three has several words in it.';
    expect(teaser(text)).toBe(text);
  });

  it('returns three sentences unchanged even with odd spacing', () => {
    const text = 'One is here.\n  Two is here.  Three has words.';
    expect(teaser(text)).toBe(text);
  });

  it('cuts four sentences: two in full, then half of the third, then an ellipsis', () => {
    const text = 'One. Two. Alpha beta gamma delta. Four.';
    expect(teaser(text)).toBe('One. Two. Alpha beta…');
  });

  it('rounds an odd word count up', () => {
    const text = 'One. Two. Alpha beta gamma delta epsilon. Four. Five.';
    expect(teaser(text)).toBe('One. Two. Alpha beta gamma…');
  });

  it('keeps one word of a one-word third sentence', () => {
    expect(teaser('One. Two. Three. Four.')).toBe('One. Two. Three.…');
  });

  it('cuts five sentences the same way as four', () => {
    const text =
      'Our plant treats sewage. It uses reed beds. Water flows slowly through gravel and roots. It is reused. Sludge is composted.';
    expect(teaser(text)).toBe(
      'Our plant treats sewage. It uses reed beds. Water flows slowly through…',
    );
  });

  it('treats "?" and "!" as sentence ends', () => {
    const text = 'Need power? We help! Call us any day of the week. Or write.';
    // Seven words in the third sentence: four are kept.
    expect(teaser(text)).toBe('Need power? We help! Call us any day…');
  });

  it('does not count abbreviations or decimals as sentence ends', () => {
    const text =
      'Dr. Menon leads it. Units make 3.5 kW, e.g. For homes. Rs. 2 lakh buys one unit today. More later.';
    expect(teaser(text)).toBe(
      'Dr. Menon leads it. Units make 3.5 kW, e.g. For homes. Rs. 2 lakh buys…',
    );
  });

  it('treats an ellipsis before a capital letter as a sentence end', () => {
    const text = 'It began small... Then it grew. Now it serves the whole town well. Really.';
    expect(teaser(text)).toBe('It began small... Then it grew. Now it serves the…');
  });

  it('drops a trailing comma before the ellipsis', () => {
    const text = 'One. Two. Sun, wind, water, more. Four.';
    expect(teaser(text)).toBe('One. Two. Sun, wind…');
  });

  it('ends Arabic sentences at ؟ and drops a trailing Arabic comma before the ellipsis', () => {
    const text = 'ما الحل؟ نبدأ بالقياس. نقيس الأحمال، والفواتير، والسطح، والأرض. ثم نوصي.';
    expect(splitSentences(text)).toHaveLength(4);
    expect(teaser(text)).toBe('ما الحل؟ نبدأ بالقياس. نقيس الأحمال، والفواتير…');
  });

  it('splits Malayalam text at full stops', () => {
    const text = 'ഒന്ന്. രണ്ട്. മൂന്ന് നാല് അഞ്ച് ആറ്. ഏഴ്.';
    expect(teaser(text)).toBe('ഒന്ന്. രണ്ട്. മൂന്ന് നാല്…');
  });

  it('shortens every real service description that has more than three sentences', () => {
    const text =
      'Our hydro-magnetic generator produces electricity from the controlled movement of water and the interaction of magnetic fields, with no fuel burned and no exhaust. It is built to deliver continuous power day and night, independent of sunshine or wind. Units are compact enough for homes, schools, hospitals and small industries, and several can be grouped for larger loads. We assess each site.';
    const result = teaser(text);
    expect(result.endsWith('…')).toBe(true);
    expect(result.startsWith(splitSentences(text).slice(0, 2).join(' '))).toBe(true);
    expect(result).toContain('Units are compact enough for homes, schools, hospitals and small…');
  });
});
