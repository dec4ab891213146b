// What translations.test.ts holds each language to besides English's keys and placeholders, with its
// register (decision 0031); a language without an entry skips these two checks.

/** Letters a text in the language cannot do without: each must appear somewhere in its file. */
export const OWN_LETTERS: Partial<Record<string, string>> = {
  de: 'äöüß',
  sv: 'åäö',
  da: 'æøå',
  fr: 'éèàç',
};

/** The register: words addressing the reader in the form not used here; `caseSensitive` where the
 * capital tells the form apart (German "Sie"), so no sentence may start with the lower-case word. */
export const FORBIDDEN_ADDRESS: Partial<Record<string, { words: string[]; caseSensitive: boolean; register: string }>> =
  {
    de: {
      register: 'du',
      words: ['Sie', 'Ihr', 'Ihre', 'Ihrem', 'Ihren', 'Ihrer', 'Ihres', 'Ihnen'],
      caseSensitive: true,
    },
    nl: { register: 'je/jij', words: ['u', 'uw'], caseSensitive: false },
    sv: { register: 'du', words: ['ni', 'er', 'ert', 'era', 'eder', 'ers'], caseSensitive: false },
    da: { register: 'du', words: ['De', 'Dem', 'Deres'], caseSensitive: true },
    fr: { register: 'vous', words: ['tu', 'te', 'toi', 'ton', 'ta', 'tes'], caseSensitive: false },
  };

/** English words no other language of the app has: one in a translation is English left behind
 * (not "in", "of", "have"…, which Dutch, Danish, Swedish or French share). */
export const ENGLISH_WORDS = [
  'the',
  'you',
  'your',
  "you're",
  'please',
  'this',
  'that',
  'with',
  'and',
  'from',
  'here',
  'again',
  'been',
  'has',
  'not',
  "can't",
  "couldn't",
  "don't",
  "didn't",
  "isn't",
  'try',
  'sign',
  'already',
  'yet',
  'share',
  'bike',
  'what',
  'there',
  'something',
  'wrong',
];

/** Texts that may read the same as English in every language: a name and nothing else. */
export const SAME_AS_ENGLISH = new Set(['invite-page.invite.title']);
