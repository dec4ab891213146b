// What the translation checks (translations.test.ts) hold each language to, besides English's keys
// and placeholders: data, one entry per language, written down with the register chosen for it
// (docs/decisions/0031-languages-as-data.md). A language without an entry is still checked for
// everything else; its letter and register checks show as skipped until it has one.

/** Letters a text in the language cannot do without: each must appear somewhere in its file. */
export const OWN_LETTERS: Partial<Record<string, string>> = {
  de: 'äöüß',
  sv: 'åäö',
  da: 'æøå',
  fr: 'éèàç',
};

/**
 * The register: words that would address the reader in the form the language does not use here.
 * `caseSensitive`: the form is told apart by its capital (German "Sie" against "sie", "they";
 * Danish "De" against "de"), so a sentence must not start with the lower-case word either.
 */
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

/**
 * Words a language must not use, though they are its own: a false friend or a form its other texts do
 * not use, which no other check can see. A word of the text matches when it starts with one of them.
 */
export const WRONG_WORDS: Partial<Record<string, { words: string[]; why: string }>> = {
  da: { words: ['elscooter'], why: 'a mobility scooter or a kick-scooter in Danish: an e-moped is an elknallert' },
  nl: { words: ['jouw'], why: 'every other text says "je"' },
};

/**
 * Common English words that are no word of any of the app's other languages: one of them in a
 * translation is an English sentence left behind. (Not "in", "of", "to", "be", "for", "app",
 * "invite", "open", "log", "have": Dutch, Danish, Swedish or French words too; Danish says "skal du
 * have en ny invitation".)
 */
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
