import * as React from 'react';
import type { ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { RemoteTree, areaLabelOf } from './RemoteTree';

export interface RemoteLifecycleOptions {
  /** The remote's federation name, e.g. "mf_patients"; also names its fallback container. */
  name: string;
  App: ComponentType;
  /** How users call the area in the "unavailable" fallback; defaults to the name made readable ("mf_patients" -> "Patients"). */
  areaLabel?: string;
}

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
 * single-spa lifecycles for a remote, rendered with React 19's client root (single-spa-react needs
 * ReactDOMClient for that). The host may pass the element to mount into as the `domElement` prop.
 */
export function createRemoteLifecycles({ name, App, areaLabel = areaLabelOf(name) }: RemoteLifecycleOptions) {
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
