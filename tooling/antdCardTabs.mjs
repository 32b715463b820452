export { CardTabs as default } from './antdCardLazyParts.mjs';
