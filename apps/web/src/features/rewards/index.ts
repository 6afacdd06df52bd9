// The rewards feature's public face: what other features may use; everything else in features/rewards is its own.
export { fetchRewards, rewardsKey } from './api';
export { RewardsList } from './components/RewardsList';
export { rewardsUi, rewardsUiStore } from './store';
