export { useChallengeStats } from './api/get-challenge-stats';
export { useDailyChallenge } from './api/get-daily-challenge';
export { AttemptResultView, CHALLENGE_COMPLETED_TITLE, CHALLENGE_FAILED_TITLE } from './components/attempt-result';
export { ChallengeList } from './components/challenge-list';
export { ChallengeStatsCards, ChallengeStatsSkeleton } from './components/challenge-stats-cards';
export { DailyArchive } from './components/daily-archive';
export { DAILY_COMPLETED_TITLE, DailyChallengeCard, NO_DAILY_TEXT, NO_DAILY_TITLE, challengePlayPath } from './components/daily-challenge-card';
export { PlayScreen } from './components/play-screen';
export { RaceEntry, racePath } from './components/race-entry';
