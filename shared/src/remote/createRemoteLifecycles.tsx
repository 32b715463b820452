import type { ComponentType } from 'react';
import { areaLabelOf } from './areaLabelOf';

export interface RemoteLifecycleOptions {
  /** The remote's federation name, e.g. "mf_patients"; also names its fallback container. */
  name: string;
  App: ComponentType;
  /** How users call the area in the "unavailable" fallback; defaults to the name made readable ("mf_patients" -> "Patients"). */
  areaLabel?: string;
}

/** What single-spa hands each lifecycle (its own props plus the host's custom props). */
type LifecycleProps = Parameters<ReturnType<typeof import('./reactLifecycles').reactLifecycles>['mount']>[0];

type ReactLifecycles = ReturnType<typeof import('./reactLifecycles').reactLifecycles>;

/**
 * single-spa lifecycles for a remote: its React root with providers, crash fallback and router. The host
 * may pass the element to mount into as the `domElement` prop. The implementation (single-spa-react, the
 * router, the remote tree) is loaded by the first lifecycle call, so that the shared package's entry
 * stays small for pages that never mount a remote; single-spa lifecycles are asynchronous anyway.
 */
export function createRemoteLifecycles({ name, App, areaLabel = areaLabelOf(name) }: RemoteLifecycleOptions) {
  let loading: Promise<ReactLifecycles> | null = null;
  let loaded: ReactLifecycles | null = null;
  // Once loaded, lifecycles run synchronously up to their own promise, as single-spa-react's do.
  const withLifecycles = <T,>(call: (lifecycles: ReactLifecycles) => Promise<T> | T): Promise<T> => {
    if (loaded) return Promise.resolve(call(loaded));
    loading ??= import('./reactLifecycles').then((module) => {
      loaded = module.reactLifecycles({ name, App, areaLabel });
      return loaded;
    });
    return loading.then(call);
  };

  return {
    bootstrap: (props: LifecycleProps) => withLifecycles((lifecycles) => lifecycles.bootstrap(props)),
    mount: (props: LifecycleProps) => withLifecycles((lifecycles) => lifecycles.mount(props)),
    unmount: (props: LifecycleProps) => withLifecycles((lifecycles) => lifecycles.unmount(props)),
    update: (props: LifecycleProps) => withLifecycles((lifecycles) => lifecycles.update?.(props)),
  };
}
