// The rewards feature's public face: what other features may use; everything else in features/rewards is its own.
export { fetchRewards, fetchRewardsList, rewardsKey, useRewards } from './api';
export { RewardsCarousel } from './components/RewardsCarousel';
export { RewardsList } from './components/RewardsList';
export { rewardsUi, rewardsUiStore } from './store';
