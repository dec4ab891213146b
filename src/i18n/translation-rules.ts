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

type Address = { words: string[]; caseSensitive: boolean; pattern?: RegExp };

/**
 * The registers (src/contract/registers.ts): per language and register, the words that would address the
 * reader in another one. `caseSensitive`: the form is told apart by its capital (German "Sie" against
 * "sie", "they"; Danish "De" against "de"), so a sentence must not start with the lower-case word either.
 * `pattern`: a verb form of another register (French "Réessayez" where "tu" says "Réessaie").
 */
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
