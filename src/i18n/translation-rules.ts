// What translations.test.ts holds each language to besides English's keys and placeholders, with its
// register (decision 0031); a language without an entry skips these two checks.

/** Letters a text in the language cannot do without: each must appear somewhere in its file. */
export const OWN_LETTERS: Partial<Record<string, string>> = {
  de: 'äöüß',
  sv: 'åäö',
  da: 'æøå',
  fr: 'éèàç',
};

type Address = { words: string[]; caseSensitive: boolean; pattern?: RegExp };

/** Per register (src/contract/registers.ts), the words of another; `caseSensitive` where the capital
 * tells the form apart (German "Sie"); `pattern`, another register's commands (French "Réessayez"). */
export const FORBIDDEN_ADDRESS: Partial<Record<string, Record<string, Address>>> = {
  de: {
    du: { words: ['Sie', 'Ihr', 'Ihre', 'Ihrem', 'Ihren', 'Ihrer', 'Ihres', 'Ihnen'], caseSensitive: true },
    sie: {
      // The pronouns, then the verb forms and commands only "du" takes.
      words: (
        'du dich dir dein deine deinem deinen deiner deines euch euer eure hast bist kannst wirst wurdest brauchst ' +
        'findest bekommst siehst möchtest melde bestätige öffne installiere prüfe tippe scanne hol nimm geh gib ' +
        'wähle kopiere markiere aktualisiere warte wende fahr'
      ).split(' '),
      caseSensitive: false,
    },
  },
  nl: {
    je: { words: ['u', 'uw'], caseSensitive: false },
    u: { words: ['je', 'jij', 'jou', 'jouw', 'jezelf', 'jullie', 'heb'], caseSensitive: false },
  },
  sv: { du: { words: ['ni', 'er', 'ert', 'era', 'eder', 'ers'], caseSensitive: false } },
  da: { du: { words: ['De', 'Dem', 'Deres'], caseSensitive: true } },
  fr: {
    vous: { words: ['tu', 'te', 'toi', 'ton', 'ta', 'tes'], caseSensitive: false },
    tu: { words: ['vous', 'votre', 'vos'], caseSensitive: false, pattern: /^(?!chez$|assez$)\p{L}+ez$/iu },
  },
};

/**
 * Words a language must not use, though they are its own: a false friend or a form its other texts do
 * not use, which no other check can see. A word of the text matches when it starts with one of them.
 */
export const WRONG_WORDS: Partial<Record<string, { words: string[]; why: string }>> = {
  da: { words: ['elscooter'], why: 'a mobility scooter or a kick-scooter in Danish: an e-moped is an elknallert' },
  nl: { words: ['jouw'], why: 'every other text says "je"' },
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
