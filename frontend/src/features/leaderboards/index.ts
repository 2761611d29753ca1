export { boardFirstPaintQuery } from './api/get-leaderboard';
export { BoardPanel, TIES_NOTE } from './components/board-panel';
export { SegmentedControl } from './components/segmented-control';
export { YourRankingCard } from './components/your-ranking-card';
export { BOARD_TABS, BOARD_TAB_LABELS, METRIC_LABELS, PERIOD_LABELS, paramsFromView, viewFromParams, type BoardTab, type BoardView } from './lib/board-view';
export { describeChange, formatChange, formatScore, formatWindow } from './lib/score-format';
