import type { RemoteConfig } from '@ewrt/shared';
import { compareSpecificity, findOwningRemote } from './remoteOwnership';

const patients: RemoteConfig = {
  name: 'mf_patients',
  area: 'patients',
  manifestUrl: 'http://patients.test/mf-manifest.json',
  routes: ['/patients', '/patients/:patientId', '/patients/:patientId/dashboard'],
};
const documents: RemoteConfig = {
  name: 'mf_documents',
  area: 'documents',
  manifestUrl: 'http://documents.test/mf-manifest.json',
  routes: ['/patients/:patientId/simplequery', '/documents/process', '/documents/patient/:patientId'],
};
const admin: RemoteConfig = {
  name: 'mf_admin',
  area: 'admin',
  manifestUrl: 'http://admin.test/mf-manifest.json',
  routes: ['/users', '/users/:section', '/users/dashboard', '/users/dashboard/:userId'],
};

describe('findOwningRemote', () => {
  it('gives each path to the remote whose pattern matches it', () => {
    expect(findOwningRemote('/patients', [patients, documents])?.name).toBe('mf_patients');
    expect(findOwningRemote('/patients/7/dashboard', [patients, documents])?.name).toBe('mf_patients');
    expect(findOwningRemote('/documents/process', [patients, documents])?.name).toBe('mf_documents');
  });

  it('lets the most specific pattern win over a parameter in the same place', () => {
    // "/patients/:patientId/simplequery" (documents) against a catch-all of the patients remote.
    const greedyPatients = { ...patients, routes: [...patients.routes, '/patients/:patientId/:view'] };
    expect(findOwningRemote('/patients/7/simplequery', [greedyPatients, documents])?.name).toBe(
      'mf_documents',
    );
    expect(findOwningRemote('/patients/7/simplequery', [documents, greedyPatients])?.name).toBe(
      'mf_documents',
    );
    expect(findOwningRemote('/patients/7/dashboard', [greedyPatients, documents])?.name).toBe('mf_patients');
    expect(findOwningRemote('/users/dashboard', [admin])?.name).toBe('mf_admin');
  });

  it('ignores the query string and a trailing slash', () => {
    expect(findOwningRemote('/patients/7/dashboard/?tab=1', [patients])?.name).toBe('mf_patients');
  });

  it('finds no owner for a path no configured remote lists', () => {
    expect(findOwningRemote('/transcription/live', [patients, documents])).toBeNull();
    expect(findOwningRemote('/no-such-page', [patients, documents])).toBeNull();
    expect(findOwningRemote('/patients', [])).toBeNull();
  });
});

describe('compareSpecificity', () => {
  it('orders a static segment before a parameter at the first difference', () => {
    expect(compareSpecificity('/users/dashboard', '/users/:userId')).toBeLessThan(0);
    expect(compareSpecificity('/users/:userId', '/users/dashboard')).toBeGreaterThan(0);
    expect(compareSpecificity('/patients/:id/dashboard', '/patients/:id/dashboard')).toBe(0);
  });
});
