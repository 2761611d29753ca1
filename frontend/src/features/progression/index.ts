export { LEVEL_REACHED_TITLE, useProgressionEvents } from './hooks/use-progression-events';
export { levelReachedText } from './lib/level-notice';
export { FairPlayRules } from './components/fair-play-rules';
