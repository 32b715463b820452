// The router API the suite shares (see webpack.app.cjs): react-router's declarative mode, the components
// and hooks every app renders its routes with. A shared singleton cannot be tree-shaken, and the whole
// package (data routers, server rendering, sessions and cookies) would add ~40 KB gzip to every page.
// An app that imports anything else from 'react-router-dom' fails to build (exportsPresence: 'error'):
// extending this list is a change of the suite's shared contract, for every app at once.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  unstable_HistoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  createSearchParams,
  createPath,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
