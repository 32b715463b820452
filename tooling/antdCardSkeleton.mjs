export { CardSkeleton as default } from './antdCardLazyParts.mjs';
