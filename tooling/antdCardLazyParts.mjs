// Stands in for the Tabs and Skeleton that antd's Card imports, and the Skeleton Modal imports (see
// webpack.app.cjs). They render them only with `tabList` or `loading`, yet the static imports make every page
// with a Card or a Modal download them (and Tabs' dependencies). Here each is loaded the first time it is
// actually rendered, from the shared antd modules, so it behaves exactly as the real one once loaded. Each part
// has its own module (antdCardTabs.mjs, antdCardSkeleton.mjs), so that a build needing one does not provide both.
import { createElement, lazy, Suspense } from 'react';

export function lazyPart(load) {
  const Part = lazy(load);
  return function LazyCardPart(props) {
    return createElement(Suspense, { fallback: null }, createElement(Part, props));
  };
}
