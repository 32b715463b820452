// Stands in for the Tabs and Skeleton that antd's Card imports (see webpack.app.cjs). Card renders
// them only with `tabList` or `loading`, yet the static imports make every page with a Card download
// both (and Tabs' dependencies). Here each is loaded the first time a Card actually renders it, from
// the shared antd modules, so it behaves exactly as the real one once loaded.
import { createElement, lazy, Suspense } from 'react';

function lazyPart(load) {
  const Part = lazy(load);
  return function LazyCardPart(props) {
    return createElement(Suspense, { fallback: null }, createElement(Part, props));
  };
}

export const CardTabs = lazyPart(() => import('antd/es/tabs'));
export const CardSkeleton = lazyPart(() => import('antd/es/skeleton'));
