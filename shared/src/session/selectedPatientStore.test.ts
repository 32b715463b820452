import { makePatient } from '../testing/factories';
import { STORAGE_KEYS } from '../constants';
import { SelectedPatientStore, selectedPatientStore } from './selectedPatientStore';

afterEach(() => {
  selectedPatientStore.clear();
  window.localStorage.clear();
});

test('select persists the patient as JSON; clear removes it', () => {
  const patient = makePatient({ access_level: 2 });
  const listener = jest.fn();
  selectedPatientStore.subscribe(listener);
  selectedPatientStore.select(patient);
  expect(selectedPatientStore.getState()).toBe(patient);
  expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.selectedPatient) ?? 'null')).toEqual(patient);
  selectedPatientStore.clear();
  expect(selectedPatientStore.getState()).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.selectedPatient)).toBeNull();
  expect(listener).toHaveBeenCalledTimes(2);
});

test('a selection survives a page load', () => {
  const patient = makePatient({ ID_Patient: 77, access_level: 3 });
  window.localStorage.setItem(STORAGE_KEYS.selectedPatient, JSON.stringify(patient));
  expect(new SelectedPatientStore().getState()).toEqual(patient);
});

test.each([['{not json'], ['"a string"'], ['{"FirstName":"No id"}'], ['null']])(
  'stored content %s counts as no selection and is removed',
  (stored) => {
    window.localStorage.setItem(STORAGE_KEYS.selectedPatient, stored);
    expect(new SelectedPatientStore().getState()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedPatient)).toBeNull();
  },
);
