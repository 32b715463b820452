import * as React from 'react';
import type { ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { RemoteTree } from './RemoteTree';

interface MountProps {
  name?: string;
  domElement?: HTMLElement;
}

/** The container single-spa mounts into when the host passes none: one per remote, created on demand. */
function containerFor(name: string): HTMLElement {
  const id = `single-spa-application:${name}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const created = document.createElement('div');
  created.id = id;
  document.body.appendChild(created);
  return created;
}

/**
 * The single-spa-react lifecycles behind `createRemoteLifecycles`, rendered with React 19's client root
 * (single-spa-react needs ReactDOMClient for that). Loaded on demand: the landing page, which also loads
 * the shared package, never needs single-spa-react, the router or the remote tree.
 */
export function reactLifecycles({
  name,
  App,
  areaLabel,
}: {
  name: string;
  App: ComponentType;
  areaLabel: string;
}) {
  function RemoteRoot() {
    return <RemoteTree areaLabel={areaLabel} App={App} />;
  }
  RemoteRoot.displayName = `RemoteRoot(${name})`;

  return singleSpaReact<MountProps>({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot,
    // RemoteTree has its own error boundary; single-spa-react would otherwise warn about a missing one.
    suppressComponentDidCatchWarning: true,
    domElementGetter: (props) => props.domElement ?? containerFor(name),
  });
}
