/**
 * Each spam rule (src/lib/spam/score.ts) on its own, the normalisation that undoes the tricks
 * that hide a phrase, and fairness: the same message scores alike in English, Malayalam and
 * Arabic, and no rule adds a point for a language or a script.
 */
import { describe, expect, it } from 'vitest';
import { ENQUIRY, MESSAGE } from '../../../src/lib/leads/index.ts';
import {
  HOLD_AT,
  MIN_FILL_MS,
  findLinks,
  findPhrases,
  isShortened,
  normaliseText,
  sameTextOf,
  scoreSubmission,
  type SpamSignals,
} from '../../../src/lib/spam/index.ts';

const message = (name: string, text: string, signals: SpamSignals = {}) =>
  scoreSubmission(MESSAGE, { name, email: 'x@example.com', message: text }, signals);
const rules = (result: { reasons: { rule: string }[] }) => result.reasons.map(({ rule }) => rule);

describe('links where none belongs', () => {
  it.each([
    ['http://prize-claim.top/u/8812'],
    ['Claim now www.freebonus.com'],
    ['cheap-pills.xyz'],
    ['محمد https://x.com'],
    ['ജോസ് bit.ly/abc'],
  ])('a link in the name (%s) holds the message and says so', (name) => {
    const result = message(name, 'Please call me about solar for my house tomorrow.');
    expect(result.verdict).toBe('hold');
    expect(result.reasons).toContainEqual({
      rule: 'link-in-name',
      reason: 'A link in the Name field',
      points: HOLD_AT,
    });
  });

  it.each([
    ['Dr. K. M. Joseph'],
    ["Siobhan O'Brien"],
    ['Mohammed Al-Farsi'],
    ['ഡോ. മറിയാമ്മ'],
    ['عبدالله بن محمد'],
    ['Sr.No 5, Co.Ltd'],
    ['Anand.In Kerala'],
  ])('a name without a link (%s) is no link', (name) => {
    expect(findLinks(name)).toEqual([]);
  });

  it('a link in a short field of an enquiry (the city) is named by its label', () => {
    const result = scoreSubmission(ENQUIRY, {
      fullName: 'Loan Agent',
      cityTownVillage: 'loans-instant.in',
    });
    expect(result.reasons).toContainEqual({
      rule: 'link-in-field',
      reason: `A link in the ${ENQUIRY.labels.cityTownVillage} field`,
      points: HOLD_AT,
    });
  });

  it('a company may be named by its domain, but not by a link with www, a scheme or a path', () => {
    const enquiry = (institutionName: string) =>
      scoreSubmission(ENQUIRY, { fullName: 'Asha', institutionName, cityTownVillage: 'Kochi' });
    expect(enquiry('Booking.com')).toEqual({ score: 0, reasons: [], verdict: 'accept' });
    expect(enquiry('WebTech Solutions www.webtechsol.biz').reasons).toContainEqual({
      rule: 'link-in-field',
      reason: `A link in the ${ENQUIRY.labels.institutionName} field`,
      points: HOLD_AT,
    });
    expect(rules(enquiry('acme.in/offers'))).toContain('link-in-field');
  });

  it('reads only the fields given roles: the e-mail address is not a link in the name', () => {
    const result = scoreSubmission(MESSAGE, {
      name: 'Asha',
      email: 'asha@acme-solar.in',
      message: 'Please call me back about the rooftop survey.',
    });
    expect(result).toEqual({ score: 0, reasons: [], verdict: 'accept' });
  });
});

describe('links in the message', () => {
  it('a company website, a map and a WhatsApp link in a real message are accepted', () => {
    const result = message(
      'Ramesh',
      'Our site is www.skylinegreens.org, the plot is at maps.app.goo.gl/Ab12Cd and WhatsApp wa.me/919447123456. Please call.',
    );
    expect(result.verdict).toBe('accept');
    expect(rules(result)).toEqual([]);
  });

  it('a URL shortener adds points, a map link through goo.gl does not', () => {
    expect(isShortened('https://bit.ly/3xYz9Qa')).toBe(true);
    expect(isShortened('tinyurl.com/abc')).toBe(true);
    expect(isShortened('https://maps.app.goo.gl/Ab12Cd')).toBe(false);
    expect(isShortened('https://goo.gl/maps/Ab12Cd')).toBe(false);
    const result = message(
      'Tom',
      'Here is the survey of our roof and the bill: bit.ly/roof-kottayam, call me',
    );
    expect(result.reasons).toContainEqual({
      rule: 'url-shortener',
      reason: 'A link through a URL shortener (bit.ly/roof-kottayam)',
      points: 3,
    });
    expect(result.verdict).toBe('accept');
  });

  it('more than three links hold a message; three do not', () => {
    const three = 'See acme.in, linkedin.com/in/asha and maps.app.goo.gl/x for our site.';
    const four = `${three} Also example.org/brochure please.`;
    expect(rules(message('Asha', three))).not.toContain('many-links');
    expect(message('Asha', four).reasons).toContainEqual({
      rule: 'many-links',
      reason: '4 links in the message (more than 3)',
      points: HOLD_AT,
    });
  });

  it.each([
    ['https://spam.example.com/offer'],
    ['check this out https://tinyurl.com/2p8k7xyz'],
    ['https://shorturl.at/kLm12 നോക്കൂ'],
    ['شوف العرض https://x.com/a'],
  ])('a message that is a link and hardly a word (%s) is held', (text) => {
    expect(rules(message('N', text))).toContain('only-link');
    expect(message('N', text).verdict).toBe('hold');
  });

  it.each([
    ['Call me'],
    ['വിളിക്കൂ'],
    ['اتصلوا بي'],
    ['Our site is www.acme.in, please call me tomorrow.'],
  ])('a short message without a link, or with words around one (%s), is accepted', (text) => {
    expect(message('N', text)).toEqual({ score: 0, reasons: [], verdict: 'accept' });
  });
});

describe('the phrase list', () => {
  it.each([
    ['S.E.O services for your company', 'seo service'],
    ['ｂａｃｋｌｉｎｋｓ', 'backlink'],
    ['l1nk bu1lding', 'link building'],
    ['b\u200bitcoin', 'bitcoin'],
    ['сrурtо trading', 'crypto trading'],
    ['G U E S T   P O S T', 'guest post'],
    ['guest posting', 'guest post'],
  ])('finds a phrase through a trick (%s)', (text, phrase) => {
    expect(findPhrases(text).map((entry) => entry.phrase)).toContain(phrase);
  });

  it('finds Malayalam phrases inflected, and however the chillu and joiners are typed', () => {
    // Atomic chillu ൻ, and the older spelling with a joiner.
    for (const text of ['ബിറ്റ്കോയിൻ വാങ്ങാം', 'ബിറ്റ്കോയിന്\u200d വാങ്ങാം', 'ബാക്ക്‌ലിങ്കുകൾ വിൽക്കുന്നു']) {
      expect(findPhrases(text)).not.toEqual([]);
    }
  });

  it('finds Arabic phrases with their particles, vowel marks and alef forms', () => {
    for (const text of [
      'والعملات الرقمية',
      'العُمْلات الرَّقمية',
      'الصفحة الأولى في جوجل',
      'قرضٌ فوري',
    ]) {
      expect(findPhrases(text)).not.toEqual([]);
    }
  });

  it('names the phrases for the admin, with their meaning when not in English', () => {
    const result = message('S', 'ബാക്ക്‌ലിങ്ക് and guest posts');
    expect(result.reasons).toEqual([
      {
        rule: 'spam-phrase',
        reason: 'Known spam phrases: “guest post”, “ബാക്ക്‌ലിങ്ക്” (backlink)',
        points: 10,
      },
    ]);
  });

  it('counts a phrase inside a longer one found once', () => {
    expect(findPhrases('seo services').map(({ phrase }) => phrase)).toEqual(['seo service']);
  });

  it.each([
    ['Can we get a loan for the rooftop plant under PM Surya Ghar?'],
    ['ബാങ്കിൽ നിന്ന് ലോൺ എടുക്കാനാണ് ഉദ്ദേശം. ഡിപിആർ തയ്യാറാക്കി തരാമോ?'],
    ['البنك يطلب دراسة الجدوى قبل الموافقة على التمويل'],
    ['I hope you won’t mind a second question about the serpentine belt of our DG set.'],
  ])('leaves a prospect’s own words alone (%s)', (text) => {
    expect(message('P', text).verdict).toBe('accept');
  });
});

describe('time', () => {
  it('a form sent faster than a person can fill it is held', () => {
    const result = message('A', 'Please call me', { fillMs: 1_200 });
    expect(result.reasons).toEqual([
      {
        rule: 'too-fast',
        reason: 'Sent 1.2 s after the form was first touched: faster than a person',
        points: HOLD_AT,
      },
    ]);
    expect(result.verdict).toBe('hold');
  });

  it('at the minimum time, or without a time, nothing is said', () => {
    expect(message('A', 'Please call me', { fillMs: MIN_FILL_MS }).reasons).toEqual([]);
    expect(message('A', 'Please call me', {}).reasons).toEqual([]);
    expect(message('A', 'Please call me', { fillMs: Number.NaN }).reasons).toEqual([]);
  });

  it('text arriving faster than anyone types adds a little, never enough alone (it may be pasted)', () => {
    const long = 'We need an energy audit of our rubber factory and options for solar. '.repeat(6);
    const result = message('A', long, { fillMs: 5_000 });
    expect(rules(result)).toEqual(['typed-too-fast']);
    expect(result.verdict).toBe('accept');
  });
});

describe('the same text from many addresses', () => {
  it('three other addresses within the hour hold it; two do not', () => {
    const text = 'We offer white hat services for your business, reply for a quote';
    expect(message('A', text, { sameTextSenders: 3 }).reasons).toContainEqual({
      rule: 'same-text',
      reason: 'The same text came from 3 other addresses within the hour',
      points: HOLD_AT,
    });
    expect(rules(message('A', text, { sameTextSenders: 2 }))).not.toContain('same-text');
  });

  it('compares the normalised text, and leaves out texts too short to tell', () => {
    const record = (text: string) => ({ name: 'A', message: text });
    const text = 'We offer high DA guest posts on five hundred sites';
    expect(sameTextOf(MESSAGE, record(text))).toBe(
      sameTextOf(MESSAGE, record(`  WE OFFER HIGH DA GUEST\u200b POSTS on five hundred sites!`)),
    );
    expect(sameTextOf(MESSAGE, record('Please call me back'))).toBeUndefined();
  });
});

describe('three languages scored alike', () => {
  /** The same message as a native writes it in each language. */
  const triples: [string, string, string][] = [
    [
      'We have a villa and want 10 kW of solar on the roof. What would it cost? Call 050 123 4567.',
      'ഞങ്ങൾക്ക് ഒരു വില്ലയുണ്ട്, മേൽക്കൂരയിൽ 10 കിലോവാട്ട് സോളാർ വേണം. എത്ര ചെലവാകും? 050 123 4567 ൽ വിളിക്കൂ.',
      'عندنا فيلا ونبي ١٠ كيلوواط طاقة شمسية على السطح. كم التكلفة؟ اتصلوا على ٠٥٠ ١٢٣ ٤٥٦٧.',
    ],
    ['Call me', 'വിളിക്കൂ', 'اتصلوا بي'],
    ['Do you also do SEO?', 'നിങ്ങൾ എസ്ഇഒ ചെയ്യാറുണ്ടോ?', 'هل تقدمون سيو أيضاً؟'],
    [
      'Our municipality has an old dumpsite; see www.kottayammunicipality.in. Can you assess it?',
      'ഞങ്ങളുടെ നഗരസഭയിൽ പഴയ ഒരു മാലിന്യക്കൂമ്പാരം ഉണ്ട്; www.kottayammunicipality.in കാണുക. ഒന്ന് പരിശോധിക്കാമോ?',
      'في بلديتنا مكب نفايات قديم، انظروا www.kottayammunicipality.in. هل يمكنكم تقييمه؟',
    ],
    [
      'We offer SEO services and backlinks to bring your website to the first page of Google.',
      'നിങ്ങളുടെ വെബ്സൈറ്റ് ഗൂഗിളിൽ ഒന്നാം പേജിൽ എത്തിക്കാൻ എസ്ഇഒ സേവനവും ബാക്ക്‌ലിങ്കും നൽകുന്നു.',
      'نقدم خدمات سيو وباك لينك لنوصل موقعك الالكتروني إلى الصفحة الأولى في جوجل.',
    ],
    [
      'Instant loan without guarantor, approved within an hour.',
      'ഇൻസ്റ്റന്റ് ലോൺ, ജാമ്യക്കാരൻ വേണ്ട, ഒരു മണിക്കൂറിൽ ലഭിക്കും.',
      'قرض فوري بدون كفيل، الموافقة خلال ساعة.',
    ],
    ['https://bit.ly/3xYz9Qa', 'https://bit.ly/3xYz9Qa നോക്കൂ', 'https://bit.ly/3xYz9Qa شوف'],
  ];

  it.each(triples)('the same verdict and rules in each language: %s', (en, ml, ar) => {
    const [english, malayalam, arabic] = [en, ml, ar].map((text) =>
      message('Name', text, { fillMs: 60_000, sameTextSenders: 0 }),
    );
    expect(malayalam!.verdict).toBe(english!.verdict);
    expect(arabic!.verdict).toBe(english!.verdict);
    expect(rules(malayalam!)).toEqual(rules(english!));
    expect(rules(arabic!)).toEqual(rules(english!));
  });

  it('no rule scores a script: long text in any script alone, and names in any script, score 0', () => {
    const texts = [
      'Solar and waste. '.repeat(200),
      'സോളാറും മാലിന്യവും. '.repeat(200),
      'الطاقة الشمسية والنفايات. '.repeat(200),
    ];
    for (const text of texts) {
      expect(message('മറിയാമ്മ ജോസഫ്', text, { fillMs: 600_000 }).score).toBe(0);
      expect(message('فاطمة الزهراء', text, { fillMs: 600_000 }).score).toBe(0);
    }
  });

  it('counts typing speed in letters a reader sees: English and Arabic alike, Malayalam never more', () => {
    const texts = [
      'We need a quotation for a ten kilowatt rooftop system. ',
      'പത്ത് കിലോവാട്ട് സോളാറിന്റെ ക്വട്ടേഷൻ അയച്ചു തരാമോ? ',
      'نحتاج عرض سعر لنظام شمسي بقدرة عشرة كيلوواط على السطح. ',
    ].map((text) => text.repeat(3));
    const typedTooFast = (fillMs: number) =>
      texts.map((text) => rules(message('A', text, { fillMs })).includes('typed-too-fast'));
    // 135 letters of English or Arabic: 19 a second in 7 s, 22.5 in 6 s.
    expect(typedTooFast(7_000)).toEqual([false, false, false]);
    // A conjunct is one letter, so the Malayalam (63 letters) is typed slower, never faster.
    expect(typedTooFast(6_000)).toEqual([true, false, true]);
  });
});

describe('normaliseText', () => {
  it('is idempotent and keeps quantities and phone numbers', () => {
    for (const text of ['10kW at 3rd floor, +971 50 123 4567', 'ബാക്ക്‌ലിങ്ക്', 'الإلكتروني ١٢٣']) {
      const once = normaliseText(text);
      expect(normaliseText(once)).toBe(once);
    }
    expect(normaliseText('10kW at 3rd floor')).toBe('10kw at 3rd floor');
    expect(normaliseText('٠٥٠ ١٢٣')).toBe('050 123');
  });
});
