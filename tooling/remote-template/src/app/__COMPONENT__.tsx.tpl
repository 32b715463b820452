import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { __PAGE__ } from '../features/home/__PAGE__';
import { routes, type __COMPONENT__RouteKey } from '../routes';

/** The screen of each declared route. */
const SCREENS: Record<__COMPONENT__RouteKey, ComponentType> = {
  home: __PAGE__,
};

/**
 * The __LABEL__ area's routes, from its declarations. The shell mounts this remote only on these paths; on any
 * other path (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function __COMPONENT__() {
  return (
    <Routes>
      {routes.map(({ key, path }) => {
        const Screen = SCREENS[key];
        return <Route key={key} path={path} element={<Screen />} />;
      })}
      <Route path="*" element={null} />
    </Routes>
  );
}
