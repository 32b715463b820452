import { lazyPart } from './antdCardLazyParts.mjs';

export default lazyPart(() => import('antd/es/skeleton'));
