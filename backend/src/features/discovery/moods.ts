import type { Mood } from '@cinema-dna/shared-types';

/**
 * The moods of "Based on Mood": each a documented mix of the graph's genres and keywords (matched by
 * name, case-insensitively). A film fits a mood when it has at least one of its genres or keywords and
 * none of its excluded genres or keywords (a keyword such as "friendship" alone would let in a revenge
 * western: the light moods exclude what is grim by name); a mood's films are ranked by weighted rating (formulas.ts). The names
 * are TMDB's genres and keywords, which the starter catalog and the TMDB sources share.
 */
/** What no light mood includes, whatever its genres: violence, cruelty and despair named by TMDB keywords. */
const GRIM_KEYWORDS = [
  'revenge',
  'violence',
  'murder',
  'slavery',
  'black slave',
  'racism',
  'torture',
  'rape',
  'suicide',
  'genocide',
  'holocaust',
  'massacre',
  'serial killer',
  'drug addiction',
  'terminal illness',
  'war crimes',
];

export const MOODS: readonly Mood[] = [
  {
    name: 'Feel-Good',
    description: 'Light, warm and funny: comedies, family films, animation and musicals, nothing grim.',
    genres: ['Comedy', 'Family', 'Animation', 'Music'],
    keywords: ['friendship', 'best friend', 'musical', 'road trip', 'christmas', 'holiday'],
    excludedGenres: ['Horror', 'War', 'Crime', 'Thriller'],
    excludedKeywords: GRIM_KEYWORDS,
  },
  {
    name: 'Mind-Bending',
    description: 'Puzzles about time, memory and reality: science fiction and mysteries that bend the rules.',
    genres: ['Science Fiction', 'Mystery'],
    keywords: ['time travel', 'dream', 'hallucination', 'amnesia', 'artificial intelligence', 'parallel world', 'dystopia', 'twist ending'],
    excludedGenres: ['Family', 'Animation'],
  },
  {
    name: 'Edge of Your Seat',
    description: 'Thrillers and action with chases, hostages and countdowns.',
    genres: ['Thriller', 'Action'],
    keywords: ['suspense', 'chase', 'car chase', 'hostage', 'kidnapping', 'escape', 'bomb', 'survival'],
    excludedGenres: ['Family', 'Animation', 'Comedy'],
  },
  {
    name: 'Heartwarming',
    description: 'Families, friendships and growing up: stories that leave you smiling through tears.',
    genres: ['Family'],
    keywords: ['friendship', 'father son relationship', 'father daughter relationship', 'mother daughter relationship', 'coming of age', 'dog', 'orphan', 'family'],
    excludedGenres: ['Horror', 'Thriller', 'Crime', 'War'],
    excludedKeywords: GRIM_KEYWORDS,
  },
  {
    name: 'Dark & Gritty',
    description: 'Crime, corruption and revenge, told without comfort.',
    genres: ['Crime'],
    keywords: ['neo-noir', 'violence', 'revenge', 'gangster', 'mafia', 'corruption', 'serial killer', 'drug dealer'],
    excludedGenres: ['Family', 'Animation', 'Comedy'],
  },
  {
    name: 'Epic Adventure',
    description: 'Quests, battles and faraway worlds: adventure and fantasy on a grand scale.',
    genres: ['Adventure', 'Fantasy'],
    keywords: ['saving the world', 'battle', 'space opera', 'good vs evil', 'jungle', 'island', 'quest'],
    excludedGenres: ['Horror'],
  },
  {
    name: 'Laugh Out Loud',
    description: 'Pure comedy: spoofs, dark comedies and romantic comedies, no heavy drama.',
    genres: ['Comedy'],
    keywords: ['spoof', 'dark comedy', 'romantic comedy', 'parody', 'screwball comedy'],
    excludedGenres: ['Drama', 'Horror', 'War'],
  },
  {
    name: 'Romantic',
    description: 'Love stories: falling in love, weddings and the one who got away.',
    genres: ['Romance'],
    keywords: ['love', 'falling in love', "love of one's life", 'new love', 'secret love', 'wedding', 'romantic comedy'],
    excludedGenres: ['Horror', 'War'],
  },
  {
    name: 'Spooky',
    description: 'Ghosts, witches, vampires and things that go bump in the night.',
    genres: ['Horror'],
    keywords: ['ghost', 'haunted house', 'supernatural', 'witch', 'demon', 'vampire', 'werewolf', 'zombie', 'curse'],
  },
];
